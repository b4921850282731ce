/**
 * A client written from release 1.0.0 alone (examples/releases/v1-client.ts) runs unchanged
 * against the sandbox when it sends `Kestrel-Version: 1.0.0`: it reads the receive request's
 * `lnInvoice`, waits for the payment, exchanges, reads balances and creates a payout. Served as
 * the latest release instead, it stops at the first change the 2.0.0 notes list for it: the
 * receive request has no `lnInvoice`. Every answer the client reads at 1.0.0 passes through a
 * recording proxy: each is checked against 1.0.0's definition and carries `Deprecation` and `Sunset`.
 */
import {execFile} from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import {promisify} from 'node:util';
import {describe, expect, it} from 'vitest';
import {readReleases} from '../../definition/index.ts';
import {listenOnFreePort} from '../../tooling/ports.mjs';
import {ROOT} from './openapi-definition';
import {localAnswer} from './sandbox-answers';
import {suiteSandbox} from './suite-sandbox';
import {LATEST, V1} from './sandbox-v1';

type Recorded = {method: string; apiPath: string; res: Response; text: string};

/** A proxy in front of the sandbox that keeps each request and its answer, as the client got it. */
async function recordingProxy(origin: string) {
  const recorded: Recorded[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => name !== 'host' && typeof req.headers[name] === 'string'),
    ) as Record<string, string>;
    const answer = await fetch(`${origin}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    const text = await answer.text();
    recorded.push({method: req.method!, apiPath: req.url!.replace(/^\/v1/, ''), res: answer, text});
    // fetch has decoded the body: its length and encoding are the proxy's own now.
    const passed: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (name !== 'content-encoding' && name !== 'content-length') passed[name] = value;
    });
    res.writeHead(answer.status, passed);
    res.end(text);
  });
  const proxy = await listenOnFreePort(server);
  return {base: `${proxy}/v1`, recorded, close: () => server.close()};
}

const CLIENT = path.join(ROOT, 'examples', 'releases', 'v1-client.ts');

/** Runs the client as a person would, against the suite's sandbox, served as `version`. */
async function runClient(base: string, version: string): Promise<{code: number; stdout: string; stderr: string}> {
  const env = {
    ...process.env,
    KESTREL_API_BASE: base,
    KESTREL_API_KEY: 'sk_sandbox_v1_client',
    KESTREL_VERSION: version,
  };
  try {
    const {stdout, stderr} = await promisify(execFile)(process.execPath, [CLIENT], {env, timeout: 60_000});
    return {code: 0, stdout, stderr};
  } catch (error) {
    const failed = error as {code?: number; stdout?: string; stderr?: string};
    return {code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? ''};
  }
}

describe('a client written from release 1.0.0', () => {
  // The simulated payer pays a receive request as soon as it exists, so the client's wait is short.
  const sandbox = suiteSandbox(['--no-rate-limit', '--pay-after', '0']);

  it('runs unchanged against the sandbox at Kestrel-Version 1.0.0, each answer of 1.0.0 and deprecated', async () => {
    const proxy = await recordingProxy(sandbox.origin);
    const run = await runClient(proxy.base, V1).finally(proxy.close);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Pay lntbs\S+ \(or on-chain to tb1\S+\)$/m);
    expect(run.stdout).toMatch(/^Received 0\.00020000 BTC$/m);
    expect(run.stdout).toMatch(/^Exchanging 0\.00010000 BTC for \d+\.\d\d USD$/m);
    expect(run.stdout).toMatch(/^Payout \S+ costs 0\.\d{8} BTC$/m);
    const v1 = readReleases().find((release) => release.version === V1)!;
    expect(proxy.recorded.length).toBeGreaterThanOrEqual(5);
    for (const {method, apiPath, res, text} of proxy.recorded) {
      const where = `${method} ${apiPath} -> ${res.status}`;
      expect(res.headers.get('kestrel-version'), where).toBe(V1);
      // Checked against the definition of the version the answer names: 1.0.0.json.
      expect(localAnswer(method, apiPath, res, text).problems, where).toEqual([]);
      expect(res.headers.get('deprecation'), where).toBe(`@${Date.parse(`${v1.deprecated}T00:00:00Z`) / 1000}`);
      expect(res.headers.get('sunset'), where).toBe(new Date(`${v1.sunset}T00:00:00Z`).toUTCString());
    }
  });

  it('fails at the latest release where the 2.0.0 notes say it would: the receive request has no lnInvoice', async () => {
    const run = await runClient(sandbox.base, LATEST);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n').at(-1)).toBe("the answer's lnInvoice is undefined");
  });
});
