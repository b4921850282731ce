/**
 * The sandbox's HTTP server: every request goes through the same steps, in the order Kestrel
 * documents its errors: CORS preflight, the rate limit (429; every request counts, by its bearer
 * token or else its address, and every answer carries the RateLimit headers), the API version
 * (`Kestrel-Version`, else the account's pin; 400 for one not served; every answer names the version
 * that served it, and routes and validates against its definition), base path and route
 * (404 / 405), bearer token (401, and which account it acts for), scope (403), a fault the account
 * asked for (`/_sandbox/faults`) or its maintenance window (503 for a change), the failures
 * `Kestrel-Sandbox-Simulate` asks for,
 * parameters (404 for a malformed id, 400 INVALID_QUERY_OPTION, 422), Idempotency-Key (400), body
 * (400 MALFORMED_REQUEST, 422 VALIDATION_FAILED), idempotent replay (409 or the stored answer), and
 * finally the operation's handler, on the World of the token's account (then, if the simulate header
 * asks for it, a 500 after the work, its answer kept against the key). Anything unexpected is a
 * 500 problem; the process stays up.
 */
import http from 'node:http';
import type {AccountWorlds} from './account-worlds.ts';
import {authorize, bearerToken, limitKey} from './auth.ts';
import {clockRoute, CLOCK_PATH} from './clock-control.ts';
import {controlAccount} from './control-body.ts';
import {FAULTS_PATH, faultsRoute, takeFault} from './faults-control.ts';
import {inMaintenance, MAINTENANCE_PATH, maintenanceRoute} from './maintenance-control.ts';
import {corsHeaders, preflightHeaders} from './cors.ts';
import {DELIVERIES_PATH, deliveriesRoute} from './deliveries-control.ts';
import {DEPRECATION_HEADER, SUNSET_HEADER} from '../config/api-version-header.ts';
import {deprecationDateHeaders, deprecationHeaders} from './deprecation.ts';
import {isObject, type Json} from './api-data.ts';
import {IdempotencyKeys, REPLAYED_HEADER} from './idempotency.ts';
import {handlers} from './operations/index.ts';
import {ProblemCatalogue, ProblemError} from './problems.ts';
import {RateLimiter} from './rate-limit.ts';
import {Router} from './router.ts';
import {simulated, SLOW_MS} from './simulate.ts';
import {TEST_EVENT_PATH, testEventRoute} from './test-event.ts';
import {REDELIVER_PATH, redeliverRoute} from './redeliver-control.ts';
import {TOKENS_PATH, tokensRoute} from './token-control.ts';
import type {Tokens} from './tokens.ts';
import {Validator} from './validation.ts';
import {ApiVersions, VERSION_HEADER, type ServedVersion, type VersionSettings} from './versions/api-versions.ts';
import {keyRulesAt} from './versions/key-rules.ts';
import {servedCall} from './versions/served-answer.ts';
import type {Answer} from './world.ts';

export const BASE_PATH = '/v1';
/** Counts of what the sandbox holds (objects per type, keys, windows, scheduled steps) and of webhook deliveries. */
export const STATS_PATH = '/_sandbox/stats';
const MAX_BODY_BYTES = 1024 * 1024;

/** The controls under `/_sandbox/subscriptions/{id}/`, each acting on the account holding the subscription. */
const SUBSCRIPTION_CONTROLS = [
  [TEST_EVENT_PATH, testEventRoute],
  [REDELIVER_PATH, redeliverRoute],
] as const;

export interface ServerOptions {
  rateLimit: boolean;
  /** The kept answers of Idempotency-Keys (shared with `--state`); the server's own when undefined. */
  idempotency?: IdempotencyKeys;
  /** One line per request, or nothing. */
  log?: (line: string) => void;
  /** Which version a request without `Kestrel-Version` gets; the latest release for every account when undefined. */
  versions?: VersionSettings;
}

class BodyTooLarge extends Error {}

/** The account a request acts for, or undefined when its credentials are refused (a 401 says why, later). */
function accountOf(tokens: Tokens, authorization: string | undefined, now: number): string | undefined {
  try {
    return tokens.grant(bearerToken(authorization), now).account;
  } catch (error) {
    if (error instanceof ProblemError) return undefined;
    throw error;
  }
}

/** The process's memory in MB: resident, and the JavaScript heap within it (to tell a leak from allocator slack). */
function memoryMb(): {rss: number; heapUsed: number; external: number} {
  const m = process.memoryUsage();
  const mb = (n: number) => Math.round(n / 2 ** 20);
  return {rss: mb(m.rss), heapUsed: mb(m.heapUsed), external: mb(m.external)};
}

/** The Idempotency-Key sent, when it is one (IdempotencyKeys.check would pass it); else undefined. */
function validKey(header: string | undefined): string | undefined {
  try {
    return IdempotencyKeys.check(header);
  } catch {
    return undefined;
  }
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new BodyTooLarge());
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function createSandboxServer(accounts: AccountWorlds, tokens: Tokens, options: ServerOptions): http.Server {
  const {definition} = accounts;
  const router = new Router(definition);
  const validator = new Validator(definition);
  const table = handlers(definition);
  const catalogue = new ProblemCatalogue(definition);
  const limiter = new RateLimiter();
  const idempotency = options.idempotency ?? new IdempotencyKeys(definition.model.idempotency);
  const log = options.log ?? (() => {});
  const versions = new ApiVersions({definition, router, validator}, accounts.clock, options.versions);

  async function handle(req: http.IncomingMessage, url: URL, headers: Record<string, string>): Promise<Answer> {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    const rate = options.rateLimit
      ? limiter.count(limitKey(req.headers.authorization, req.socket.remoteAddress))
      : undefined;
    if (rate) Object.assign(headers, rate.headers);
    const account = accountOf(tokens, req.headers.authorization, accounts.clock.now());
    // A refusal of the version itself (or a 429 meanwhile) is answered at the version that would serve.
    headers[VERSION_HEADER] = versions.answeringAt(account);
    let served: ServedVersion;
    try {
      served = versions.serve(req.headers['kestrel-version'] as string | undefined, account);
    } catch (error) {
      throw rate?.limited ?? error;
    }
    headers[VERSION_HEADER] = served.version;
    const deprecatedVersion = served.deprecation ? [served.deprecation] : [];
    Object.assign(headers, deprecationDateHeaders(deprecatedVersion));
    if (rate?.limited) throw rate.limited;
    if (path !== BASE_PATH && !path.startsWith(`${BASE_PATH}/`)) {
      throw new ProblemError(
        'NOT_FOUND',
        `The Kestrel API lives under ${BASE_PATH}: no operation has the path ${path}.`,
      );
    }
    const route = served.router.route(method, path.slice(BASE_PATH.length) || '/');
    if (!route)
      throw new ProblemError('NOT_FOUND', `No operation has the path ${path}. The API reference lists every path.`);
    if ('allow' in route) {
      throw new ProblemError(
        'METHOD_NOT_ALLOWED',
        `${path} does not take ${method}; it takes ${route.allow.join(', ')}.`,
        {headers: {Allow: route.allow.join(', ')}},
      );
    }
    const {op} = route;
    // Sent on every answer to a request that uses something deprecated, refusals included.
    Object.assign(headers, deprecationHeaders(op, url.searchParams, req.headers, deprecatedVersion));
    const token = bearerToken(req.headers.authorization);
    const grant = tokens.grant(token, accounts.clock.now());
    authorize(op, grant);
    const world = accounts.world(grant.account);
    // Refused before anything runs, so an Idempotency-Key stays free.
    const refused = takeFault(world) ?? inMaintenance(world, method);
    if (refused) throw refused;
    const simulate = simulated(req.headers['kestrel-sandbox-simulate']);
    if (simulate.problem) throw simulate.problem;

    // Keys belong to the account, as in Kestrel, not to the token: a retry sent with a rotated API
    // key or a refreshed access token replays; the same key on another operation is a reuse.
    const scope = grant.account;
    // The served release's own key rules (1.0.0's), where the definition's table does not apply.
    const keyRules = keyRulesAt(served.version);
    /** A kept answer, as the version that served the first request wrote it, and saying so. */
    const replayed = (replay: {status: number; body: unknown; apiVersion?: string}): Answer => {
      headers[REPLAYED_HEADER] = 'true';
      if (replay.apiVersion !== undefined && replay.apiVersion !== served.version) {
        headers[VERSION_HEADER] = replay.apiVersion;
        delete headers[DEPRECATION_HEADER];
        delete headers[SUNSET_HEADER];
        const written = versions.deprecationOf(replay.apiVersion);
        Object.assign(headers, deprecationHeaders(op, url.searchParams, req.headers, written ? [written] : []));
      }
      return replay;
    };
    /** What a key keeps of a failure: the problem, replayed as the same problem. */
    const failure = (error: unknown) =>
      error instanceof ProblemError
        ? {
            status: catalogue.statusOf(error.code),
            code: error.code,
            body: {error: problemFields(error)},
            apiVersion: served.version,
          }
        : {status: 500, code: 'INTERNAL_ERROR', body: undefined};

    const params: Record<string, string> = {};
    let query: Record<string, Json>;
    let key: string | undefined;
    let raw: Buffer | undefined;
    // Whether the body was read (or failed to be): a body too large is never kept against a key.
    let reading = false;
    let body: Json | undefined = undefined;
    // The body as sent, parsed: what a retry's body is compared with.
    let sent: Json | undefined = undefined;
    try {
      for (const [name, value] of Object.entries(route.params)) {
        if (!served.validator.pathParameter(op, name, value)) {
          if (op.notFoundCode) throw world.notFound(op, value);
          throw new ProblemError('VALIDATION_FAILED', `The path parameter ${name} is invalid.`, {
            validationErrors: {[name]: ['Is not a valid value.']},
          });
        }
        params[name] = value;
      }
      query = served.validator.query(op, url.searchParams);

      key = op.idempotent ? IdempotencyKeys.check(req.headers['idempotency-key'] as string | undefined) : undefined;

      try {
        reading = true;
        raw = await readBody(req);
      } catch (error) {
        if (error instanceof BodyTooLarge)
          throw new ProblemError('MALFORMED_REQUEST', `The body is larger than ${MAX_BODY_BYTES} bytes.`);
        throw error;
      }
      if (op.bodySchemaAt) {
        const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (raw.length === 0) {
          if (op.bodyRequired)
            throw new ProblemError(
              'MALFORMED_REQUEST',
              'This operation needs a JSON body, sent with Content-Type: application/json.',
            );
        } else if (type !== 'application/json') {
          throw new ProblemError(
            'MALFORMED_REQUEST',
            `The body must be sent as application/json, not ${type || 'without a Content-Type'}.`,
          );
        } else {
          try {
            body = JSON.parse(raw.toString('utf8')) as Json;
          } catch (error) {
            throw new ProblemError('MALFORMED_REQUEST', `The body is not valid JSON: ${(error as Error).message}.`);
          }
        }
        sent = body;
        if (body !== undefined) {
          served.validator.requestBody(op, body);
          body = served.validator.prune(served.definition.at(op.bodySchemaAt), body);
        }
      }
    } catch (error) {
      // A release that keeps refusals (1.0.0) keeps one against a valid key, as any other answer.
      const refusedKey =
        keyRules?.keepsRefusals && op.idempotent && error instanceof ProblemError
          ? validKey(req.headers['idempotency-key'] as string | undefined)
          : undefined;
      if (!keyRules || refusedKey === undefined || (reading && raw === undefined)) throw error;
      raw ??= await readBody(req).catch(() => undefined);
      if (raw === undefined) throw error;
      const prints = idempotency.fingerprints(method, path, null, raw.toString('utf8'));
      const replay = idempotency.begin(scope, refusedKey, prints, world.clock.now(), keyRules.bodyComparison);
      if (replay) return replayed(replay);
      idempotency.finish(scope, refusedKey, failure(error), world.clock.now(), keyRules.keeps);
      throw error;
    }

    if (key !== undefined) {
      const prints = idempotency.fingerprints(method, path, sent ?? null, raw.toString('utf8'));
      const replay = idempotency.begin(scope, key, prints, world.clock.now(), keyRules?.bodyComparison);
      if (replay) return replayed(replay);
    }
    let answer: Answer;
    try {
      // A slow answer holds the key as running, so a retry meanwhile sees IDEMPOTENCY_KEY_IN_USE.
      if (simulate.slow) await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
      // The handlers are the working definition's: each reads `apiVersion` where a version answers otherwise.
      const handler = table.get(op.operationId);
      const current = definition.byId.get(op.operationId);
      if (!handler || !current) throw new Error(`no handler for ${op.operationId} at version ${served.version}`);
      const call = {op: current, params, query, body: isObject(body) ? body : {}, token, apiVersion: served.version};
      answer = await servedCall(served, op, call, world, () => handler(call, world));
    } catch (error) {
      if (key !== undefined) idempotency.finish(scope, key, failure(error), world.clock.now(), keyRules?.keeps);
      throw simulate.afterWork ?? error;
    }
    if (key !== undefined)
      idempotency.finish(
        scope,
        key,
        {status: answer.status, body: answer.body, apiVersion: served.version},
        world.clock.now(),
        keyRules?.keeps,
      );
    // The work is done and its answer kept: the client sees a 500, and its retry gets the answer.
    if (simulate.afterWork) throw simulate.afterWork;
    return answer;
  }

  /** A stored problem is replayed as the same problem (with a fresh trace id). */
  const problemFields = (e: ProblemError) => ({
    code: e.code,
    detail: e.message,
    validationErrors: e.validationErrors,
    extensions: e.extensions,
  });

  function send(
    res: http.ServerResponse,
    status: number,
    headers: Record<string, string>,
    body: unknown,
    problem: boolean,
  ): void {
    if (body === undefined) {
      res.writeHead(status, headers);
      res.end();
      return;
    }
    const text = JSON.stringify(body);
    res.writeHead(status, {
      ...headers,
      'Content-Type': problem ? 'application/problem+json' : 'application/json',
      'Content-Length': String(Buffer.byteLength(text)),
    });
    res.end(text);
  }

  return http.createServer((req, res) => {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const origin = req.headers.origin;
    res.on('finish', () => log(`${method} ${url.pathname}${url.search} -> ${res.statusCode}`));

    // Preflight: answered for every path, so the browser's check never depends on the route.
    if (method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.writeHead(204, preflightHeaders(origin));
      res.end();
      return;
    }
    const headers: Record<string, string> = {...corsHeaders(origin)};
    const fail = (error: unknown) => {
      if (!(error instanceof ProblemError)) {
        console.error(`sandbox: ${method} ${url.pathname} failed: ${(error as Error)?.stack ?? String(error)}`);
        error = new ProblemError(
          'INTERNAL_ERROR',
          'The local sandbox failed unexpectedly; its console has the details.',
        );
      }
      const e = error as ProblemError;
      if (!res.headersSent)
        send(res, catalogue.statusOf(e.code), {...headers, ...e.headers}, catalogue.problem(e, url.pathname), true);
      // Drain an unread body so the connection can be reused.
      req.resume();
    };

    if (url.pathname === STATS_PATH && method === 'GET') {
      send(
        res,
        200,
        headers,
        {
          ...accounts.stats(),
          idempotencyKeys: idempotency.size,
          rateLimitWindows: limiter.size,
          memoryMb: memoryMb(),
        },
        false,
      );
      return;
    }
    if (url.pathname === DELIVERIES_PATH) {
      try {
        const answer = deliveriesRoute(accounts, method, url);
        send(res, answer.status, headers, answer.body, false);
      } catch (error) {
        fail(error);
      }
      return;
    }
    const perAccount = {[FAULTS_PATH]: faultsRoute, [MAINTENANCE_PATH]: maintenanceRoute}[url.pathname];
    if (perAccount) {
      readBody(req)
        .then((raw) => {
          const account = controlAccount(tokens, req.headers.authorization, accounts.clock.now());
          const answer = perAccount(accounts.world(account), method, raw);
          send(res, answer.status, headers, answer.body, false);
        })
        .catch(fail);
      return;
    }
    const control = {[CLOCK_PATH]: clockRoute, [TOKENS_PATH]: tokensRoute}[url.pathname];
    if (control) {
      readBody(req)
        .then(async (raw) => {
          const answer = await control(accounts, tokens, method, raw);
          send(res, answer.status, headers, answer.body, answer.status >= 400);
        })
        .catch(fail);
      return;
    }

    for (const [path, route] of SUBSCRIPTION_CONTROLS) {
      const matched = path.exec(url.pathname);
      if (!matched) continue;
      const subscriptionId = decodeURIComponent(matched[1]!);
      // The account that holds the subscription acts; an unknown id answers the default account's 404.
      const world = accounts.holding('Subscription', subscriptionId) ?? accounts.default;
      readBody(req)
        .then((raw) => route(world, method, subscriptionId, raw))
        .then((answer) => send(res, answer.status, headers, answer.body, false))
        .catch(fail);
      return;
    }

    handle(req, url, headers)
      .then((answer) => {
        const body = answer.body;
        if (isObject(body) && isObject(body.error) && Object.keys(body).length === 1) {
          // An idempotent replay of a problem answer: what `problemFields` stored.
          const e = body.error as ReturnType<typeof problemFields>;
          fail(
            new ProblemError(e.code, e.detail, {
              validationErrors: e.validationErrors,
              extensions: e.extensions,
            }),
          );
          return;
        }
        send(res, answer.status, headers, body, false);
      })
      .catch(fail);
  });
}
