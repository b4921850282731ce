/**
 * What the sandbox tools do over HTTP, against the sandbox SandboxConnection finds: an API request
 * (to a path under its API base only, api-path.ts), the clock, a test event, the delivery log;
 * webhooks they set up go to the loopback only unless the user opted in (webhook-hosts.ts). Each
 * answer is JSON text that parses; a long one comes in parts (json-pages.ts), the whole answer kept
 * here so that sandbox_next_part reads the next part of that very answer, not of a new request
 * (a POST or a clock move must not run again to be read).
 */
import {VERSION_HEADER} from '../config/api-version-header.ts';
import {apiUrl} from './api-path.ts';
import {jsonPart} from './json-pages.ts';
import {SandboxError, type SandboxConnection, type SandboxTarget} from './sandbox-connection.ts';
import {webhookBodyRefusal, webhookUrlRefusal} from './webhook-hosts.ts';

export type Answer = {ok: true; text: string} | {ok: false; error: string};

const NEXT_PART = (cursor: string) => `call sandbox_next_part with cursor "${cursor}"`;

/** Long answers kept for sandbox_next_part: the newest ones, so memory stays bounded. */
const KEPT_ANSWERS = 20;
/** A bearer token for a sandbox that accepts any (the default); not a secret, and never read from the environment. */
export const SANDBOX_BEARER = 'sk_sandbox_mcp';
const SANDBOX_TOKEN = `Bearer ${SANDBOX_BEARER}`;
const REQUEST_TIMEOUT_MS = 15_000;

export interface ApiRequest {
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  idempotencyKey?: string;
  /** Sent as `Kestrel-Version`: the release to answer at, instead of the account's pin. */
  apiVersion?: string;
}

async function bodyOf(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export class SandboxCalls {
  private readonly connection: SandboxConnection;
  private readonly kept = new Map<string, unknown>();
  private answers = 0;

  constructor(connection: SandboxConnection) {
    this.connection = connection;
  }

  /** The answer's first part; a long answer is kept, under a cursor prefix of its own. */
  private bounded(value: unknown): string {
    const key = `a${++this.answers}`;
    const part = jsonPart(value, 0, (next) => `${key}.${next}`, NEXT_PART)!;
    if (part.next !== undefined) {
      this.kept.set(key, value);
      if (this.kept.size > KEPT_ANSWERS) this.kept.delete(this.kept.keys().next().value!);
    }
    return part.text;
  }

  /** The part a cursor of an earlier answer names. */
  nextPart(cursor: string): Answer {
    const [, key, start] = /^(a\d+)\.(\d+)$/.exec(cursor) ?? [];
    const value = key === undefined ? undefined : this.kept.get(key);
    const items = value === undefined ? undefined : jsonPart(value, Number(start), (n) => `${key}.${n}`, NEXT_PART);
    if (!items || Number(start) < 1)
      return {
        ok: false,
        error: `cursor "${cursor}" names no kept answer: pass the part.cursor of a recent answer (the newest ${KEPT_ANSWERS} long answers are kept), or make the request again.`,
      };
    return {ok: true, text: items.text};
  }

  /** Runs `work` against the sandbox; a missing sandbox or a refused call becomes the tool's error. */
  private async with(work: (target: SandboxTarget) => Promise<Answer>): Promise<Answer> {
    let target: SandboxTarget;
    try {
      target = await this.connection.target();
    } catch (error) {
      if (error instanceof SandboxError) return {ok: false, error: error.message};
      return {ok: false, error: `The sandbox could not start: ${(error as Error).message}`};
    }
    try {
      return await work(target);
    } catch (error) {
      if (error instanceof SandboxError) return {ok: false, error: error.message};
      const cause = (error as Error & {cause?: Error}).cause?.message ?? (error as Error).message;
      return {
        ok: false,
        error: `The sandbox at ${target.base} did not answer (${cause}). Is it still running? Start it again (\`npm run sandbox\`), or unset KESTREL_SANDBOX_URL and this server starts its own.`,
      };
    }
  }

  private async control(target: SandboxTarget, method: string, path: string, body?: unknown): Promise<Answer> {
    const res = await fetch(`${target.origin}${path}`, {
      method,
      ...(body !== undefined && {headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)}),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const answer = await bodyOf(res);
    if (res.status === 404 && path.startsWith('/_sandbox/deliveries'))
      return {
        ok: false,
        error: `The sandbox at ${target.base} has no delivery log: it is older than this server. Restart it from this checkout (\`npm run sandbox\`).`,
      };
    if (!res.ok) return {ok: false, error: `${method} ${path} answered ${res.status}: ${this.bounded(answer)}`};
    return {ok: true, text: this.bounded(answer)};
  }

  request(call: ApiRequest): Promise<Answer> {
    return this.with(async (target) => {
      const method = call.method.toUpperCase();
      const where = apiUrl(target.base, call.path);
      if (!where.ok) return where;
      const refusal = this.connection.remoteWebhooks ? null : webhookBodyRefusal(method, call.body);
      if (refusal) return {ok: false, error: refusal};
      const headers: Record<string, string> = {Authorization: SANDBOX_TOKEN};
      for (const [name, value] of Object.entries(call.headers ?? {})) {
        if (name.toLowerCase() === 'host')
          return {ok: false, error: 'Refused: headers.Host is not sent; sandbox_request calls only the local sandbox.'};
        headers[name] = value;
      }
      if (call.idempotencyKey !== undefined) headers['Idempotency-Key'] = call.idempotencyKey;
      if (call.apiVersion !== undefined) {
        // Two values for one header would leave the caller unsure which release answered.
        if (Object.keys(headers).some((h) => h.toLowerCase() === VERSION_HEADER.toLowerCase()))
          return {ok: false, error: `Refused: give the version once, as apiVersion or as headers.${VERSION_HEADER}.`};
        headers[VERSION_HEADER] = call.apiVersion;
      }
      let body: string | undefined;
      if (call.body !== undefined) {
        body = typeof call.body === 'string' ? call.body : JSON.stringify(call.body);
        if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
          headers['Content-Type'] = 'application/json';
      }
      const res = await fetch(where.url, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const answered: Record<string, string> = {};
      res.headers.forEach((value, name) => {
        if (!name.startsWith('access-control-')) answered[name] = value;
      });
      const answer = {
        // Where it answered: a sandbox this server started listens on a port only this names.
        sandbox: target.base,
        status: res.status,
        headers: answered,
        body: await bodyOf(res),
      };
      return {ok: true, text: this.bounded(answer)};
    });
  }

  advanceClock(seconds: number): Promise<Answer> {
    return this.with(async (target) => {
      const answer = await this.control(target, 'POST', '/_sandbox/clock', {advanceSeconds: seconds});
      // What fell due (payments, webhooks) has run; a sandbox of this process also lets its deliveries land.
      if (answer.ok) await this.connection.settle();
      return answer;
    });
  }

  sendTestEvent(subscriptionId: string, eventType?: string): Promise<Answer> {
    return this.with(async (target) => {
      const path = `/subscriptions/${encodeURIComponent(subscriptionId)}`;
      if (!this.connection.remoteWebhooks) {
        // A subscription made elsewhere may point anywhere: look before the sandbox sends, and send
        // nothing to one this server's token cannot read (another account's, or none).
        const res = await fetch(`${target.base}${path}`, {
          headers: {Authorization: SANDBOX_TOKEN},
          redirect: 'manual',
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const subscription = await bodyOf(res);
        if (!res.ok)
          return {
            ok: false,
            error: `GET ${path} answered ${res.status}: ${this.bounded(subscription)}\nNo test event was sent: sandbox_send_test_event sends to a subscription it can read, to check where it delivers.`,
          };
        const webhookUrl = (subscription as {webhookUrl?: unknown} | undefined)?.webhookUrl;
        const refusal = typeof webhookUrl === 'string' ? webhookUrlRefusal(webhookUrl) : null;
        if (refusal) return {ok: false, error: refusal};
      }
      return this.control(target, 'POST', `/_sandbox${path}/test-event`, eventType === undefined ? {} : {eventType});
    });
  }

  deliveries(filter: {subscriptionId?: string; eventId?: string; limit?: number}): Promise<Answer> {
    return this.with((target) => {
      const query = new URLSearchParams();
      if (filter.subscriptionId !== undefined) query.set('subscriptionId', filter.subscriptionId);
      if (filter.eventId !== undefined) query.set('eventId', filter.eventId);
      query.set('limit', String(filter.limit ?? 20));
      return this.control(target, 'GET', `/_sandbox/deliveries?${query}`);
    });
  }

  reset(): Promise<Answer> {
    return this.with(async () => {
      const target = await this.connection.reset();
      return {ok: true, text: `A fresh sandbox at ${target.base}: no objects, the clock at now.`};
    });
  }
}
