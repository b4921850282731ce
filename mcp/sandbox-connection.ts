/**
 * Which sandbox the sandbox tools call, found on first use:
 *
 * - `KESTREL_SANDBOX_URL` when set: it must be on this machine's loopback, and a sandbox must
 *   answer there (otherwise the tool's error names the URL and how to start one);
 * - else the local sandbox's address (sandbox/local-sandbox.mjs) when a sandbox answers there
 *   (`npm run sandbox`, `npm start`);
 * - else a sandbox started in this process, on a free loopback port (`--own-sandbox` always does
 *   this). Only that one can be reset, and it delivers webhooks to loopback URLs only unless
 *   `--remote-webhooks` (or KESTREL_MCP_REMOTE_WEBHOOKS=1) allows other hosts; with any of them the
 *   tools refuse to set up a webhook to another host without that flag (webhook-hosts.ts).
 */
import type {AddressInfo} from 'node:net';
import {LOCAL_SANDBOX_SERVER} from '../sandbox/local-sandbox.mjs';
import {loopbackRefusal} from '../sandbox/loopback.ts';
import type {Sandbox} from '../sandbox/start.ts';
import {REMOTE_WEBHOOKS_OPT_IN} from './webhook-hosts.ts';

export const DEFAULT_SANDBOX_URL = LOCAL_SANDBOX_SERVER.url;
const PROBE_TIMEOUT_MS = 1_000;
/** How long advancing the clock waits for the deliveries it started, in a sandbox of this process. */
const SETTLE_MS = 3_000;

export interface SandboxTarget {
  /** The API's base URL, such as DEFAULT_SANDBOX_URL. */
  base: string;
  /** Where `/_sandbox/*` lives. */
  origin: string;
  /** Started by this process (and so resettable). */
  owned: boolean;
}

export interface ConnectionOptions {
  /** KESTREL_SANDBOX_URL as given; undefined when unset. */
  url?: string;
  /** Tried when `url` is unset; DEFAULT_SANDBOX_URL unless a test names another. */
  defaultUrl?: string;
  /** Start a sandbox in this process even when one answers at defaultUrl. */
  ownSandbox?: boolean;
  /** Let a sandbox of this process deliver webhooks to hosts other than loopback. */
  remoteWebhooks?: boolean;
  log: (line: string) => void;
}

export class SandboxError extends Error {}

/** The API's path under a sandbox's origin, such as `/v1`. */
const API_PATH = new URL(DEFAULT_SANDBOX_URL).pathname;

/**
 * KESTREL_SANDBOX_URL as an API base: a bare origin (such as LOCAL_SANDBOX_ORIGIN, the address the
 * sandbox's own pages name) gets the API's path, so its calls do not all answer 404.
 */
export function apiBaseOf(url: string): string {
  const base = url.replace(/\/+$/, '');
  return new URL(base).pathname === '/' ? `${base}${API_PATH}` : base;
}

async function answers(origin: string): Promise<boolean> {
  try {
    const res = await fetch(`${origin}/_sandbox/clock`, {signal: AbortSignal.timeout(PROBE_TIMEOUT_MS)});
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

export class SandboxConnection {
  private readonly options: ConnectionOptions;
  private found?: Promise<SandboxTarget>;
  private own?: {sandbox: Sandbox; port: number};

  constructor(options: ConnectionOptions) {
    this.options = options;
  }

  /** The user allowed webhooks to hosts other than loopback (`--remote-webhooks`). */
  get remoteWebhooks(): boolean {
    return this.options.remoteWebhooks === true;
  }

  /** The sandbox to call; a SandboxError says why there is none. */
  target(): Promise<SandboxTarget> {
    this.found ??= this.find();
    // A failed look-up is tried again next time: the reader may have started the sandbox since.
    this.found.catch(() => (this.found = undefined));
    return this.found;
  }

  private async find(): Promise<SandboxTarget> {
    const {url} = this.options;
    if (url !== undefined) {
      const refusal = loopbackRefusal(url);
      if (refusal)
        throw new SandboxError(
          `KESTREL_SANDBOX_URL=${url} is refused: ${refusal}. These tools call only a sandbox on this machine; unset it to use a local one.`,
        );
      const base = apiBaseOf(url);
      const origin = new URL(base).origin;
      if (!(await answers(origin)))
        throw new SandboxError(
          `No sandbox answers at ${base} (KESTREL_SANDBOX_URL). Start one with \`npm run sandbox -- --port ${new URL(base).port || 80}\` in the portal's folder, or unset KESTREL_SANDBOX_URL and this server starts its own.`,
        );
      return {base, origin, owned: false};
    }
    const defaultUrl = this.options.defaultUrl ?? DEFAULT_SANDBOX_URL;
    if (!this.options.ownSandbox && (await answers(new URL(defaultUrl).origin))) {
      this.options.log(`using the sandbox at ${defaultUrl}`);
      return {base: defaultUrl, origin: new URL(defaultUrl).origin, owned: false};
    }
    return this.start(0);
  }

  private async start(port: number): Promise<SandboxTarget> {
    // Loaded on the first sandbox call: most sessions only read the docs.
    const [{BUNDLED_DEFINITION}, {Definition}, {createSandbox}] = await Promise.all([
      import('../definition/index.ts'),
      import('../sandbox/definition.ts'),
      import('../sandbox/start.ts'),
    ]);
    const definition = Definition.load(BUNDLED_DEFINITION);
    const sandbox = createSandbox(definition, {
      log: (line) => this.options.log(`sandbox: ${line}`),
      ...(!this.options.remoteWebhooks && {
        webhooksLoopbackOnly: {optIn: REMOTE_WEBHOOKS_OPT_IN},
      }),
    });
    await new Promise<void>((resolve, reject) => {
      sandbox.server.once('error', reject);
      sandbox.server.listen(port, '127.0.0.1', () => resolve());
    });
    const {port: bound} = sandbox.server.address() as AddressInfo;
    this.own = {sandbox, port: bound};
    const origin = `http://127.0.0.1:${bound}`;
    this.options.log(`started a sandbox at ${origin}/v1`);
    return {base: `${origin}/v1`, origin, owned: true};
  }

  /** Waits (a little) for the webhook deliveries a sandbox of this process has on the wire. */
  async settle(): Promise<void> {
    if (!this.own) return;
    const worlds = this.own.sandbox.accounts.entries().map(([, world]) => world.webhooks.settled());
    await Promise.race([Promise.all(worlds), new Promise((resolve) => setTimeout(resolve, SETTLE_MS).unref())]);
  }

  /** Forgets every object: a fresh sandbox of this process on the same port. */
  async reset(): Promise<SandboxTarget> {
    const target = await this.target();
    if (!target.owned || !this.own)
      throw new SandboxError(
        `The sandbox at ${target.base} was not started by this MCP server, so it cannot reset it: restart that sandbox (Ctrl+C, then \`npm run sandbox\`), or start the MCP server with --own-sandbox.`,
      );
    const {port} = this.own;
    await this.close();
    this.found = this.start(port);
    return this.found;
  }

  async close(): Promise<void> {
    const own = this.own;
    this.own = undefined;
    if (!own) return;
    own.sandbox.server.closeAllConnections();
    await new Promise<void>((resolve) => own.sandbox.server.close(() => resolve()));
  }
}
