/**
 * Runs the cases against one endpoint: a loopback URL unless the caller allows another host, the
 * delivery timeout Kestrel's unless shortened, and the API stand-in when a port is given for it.
 */
import {loopbackRefusal} from '../sandbox/loopback.ts';
import {startApiStandIn, type ApiStandIn} from './api-stand-in.ts';
import {CASES, CASE_NAMES} from './cases.ts';
import {Probe} from './probe.ts';
import {kestrelRules} from './rules.ts';

export class CheckError extends Error {}

export interface CheckOptions {
  url: string;
  secret: string;
  /** Allow a host off this machine's loopback. */
  allowRemote?: boolean;
  /** How the caller allows another host, for the refusal: `give --allow-remote for another host`. */
  remoteHint?: string;
  /** How long the endpoint has to answer, and the worker to read; Kestrel's delivery timeout by default, and at most. */
  timeoutMs?: number;
  /** Stand in for the Kestrel API on this loopback port, to see what the endpoint processes. */
  apiPort?: number;
  /** Only these cases, by name; all by default. */
  cases?: string[];
}

export interface CaseResult {
  name: string;
  ok: boolean;
  detail: string;
}

export interface CheckReport {
  url: string;
  ok: boolean;
  timeoutMs: number;
  /** The API base the endpoint was to read from, when the check stood in for it. */
  apiBase: string | null;
  results: CaseResult[];
}

/** Kestrel's delivery timeout, in ms: how long an endpoint has to answer. */
export const defaultTimeoutMs = (): number => kestrelRules().delivery.timeoutSeconds * 1000;

function refusal(options: CheckOptions): string | null {
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    return `${options.url} is not an absolute URL`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${options.url} is not an http(s) URL`;
  if (options.allowRemote) return null;
  const why = loopbackRefusal(options.url);
  return why && `${why}; the check sends to loopback URLs only${options.remoteHint ? ` (${options.remoteHint})` : ''}`;
}

export async function checkEndpoint(options: CheckOptions): Promise<CheckReport> {
  const why = refusal(options);
  if (why) throw new CheckError(why);
  if (!options.secret) throw new CheckError('the signing secret is empty');
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs();
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new CheckError(`the timeout must be a whole number of ms above 0, not ${timeoutMs}`);
  // A longer wait would pass an endpoint that Kestrel gives up on.
  if (timeoutMs > defaultTimeoutMs())
    throw new CheckError(
      `the timeout can only shorten Kestrel's delivery timeout of ${defaultTimeoutMs()} ms, not lengthen it to ${timeoutMs}`,
    );
  const unknown = (options.cases ?? []).filter((name) => !CASE_NAMES.includes(name));
  if (unknown.length) throw new CheckError(`no case ${unknown.join(', ')}; the cases are ${CASE_NAMES.join(', ')}`);
  const rules = kestrelRules();
  let api: ApiStandIn | undefined;
  if (options.apiPort !== undefined) {
    try {
      api = await startApiStandIn(options.apiPort, rules);
    } catch (error) {
      throw new CheckError(`the API stand-in cannot listen: ${(error as Error).message}`);
    }
  }
  const probe = new Probe({rules, url: options.url, secret: options.secret, timeoutMs, api});
  const results: CaseResult[] = [];
  try {
    for (const c of CASES.filter((c) => !options.cases || options.cases.includes(c.name)))
      results.push({name: c.name, ...(await c.run(probe))});
    // So that the worker reads the last events' invoices before the stand-in goes, not after.
    if (api) await probe.caughtUp();
  } finally {
    await api?.close();
  }
  return {url: options.url, ok: results.every((r) => r.ok), timeoutMs, apiBase: api?.base ?? null, results};
}

/**
 * The report as lines: one per case, then the count and, without the stand-in, what was not
 * checked; `apiOption` names the option that gives it a port (--api-port, or the MCP tool's apiPort).
 */
export function reportLines(report: CheckReport, apiOption: string): string[] {
  const passed = report.results.filter((r) => r.ok).length;
  return [
    ...report.results.map((r) => `${r.ok ? 'pass' : 'FAIL'}  ${r.name}: ${r.detail}`),
    `${passed} of ${report.results.length} cases passed against ${report.url}`,
    ...(report.apiBase
      ? []
      : [`Processing was not observed: give ${apiOption} and point the endpoint's API base at it to check it.`]),
  ];
}
