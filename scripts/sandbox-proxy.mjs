/**
 * The local sandbox's front door, in front of a Prism mock on a private port.
 *
 * Prism serves the definition's paths at its root (`/invoices`) whatever `servers` says, and
 * answers CORS for any origin. This server gives the reader the API's own shape instead:
 * - paths under the base path /v1, like production; anything else is a 404 problem;
 * - CORS for loopback origins only (the portal from `npm start`, `npm run serve` or a local
 *   build), with the headers the explorer sends (Authorization, Idempotency-Key, ...);
 * - rejected requests answered as Kestrel problems naming the reader's fields (sandbox-problems.mjs).
 */
import http from 'node:http';
import {LOCAL_SANDBOX_BASE_PATH} from './local-sandbox.mjs';
import {malformedJsonProblem, prismErrorProblem, plainProblem, validationProblem} from './sandbox-problems.mjs';

/** Page origins that may call the sandbox: any port on this machine, nothing else. */
export function isLoopbackOrigin(origin) {
  if (!origin) return false;
  try {
    const {protocol, hostname} = new URL(origin);
    return /^https?:$/.test(protocol) && ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
  } catch {
    return false;
  }
}

const ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const ALLOW_HEADERS = 'Authorization, Content-Type, Accept, Idempotency-Key';
/** Headers the explorer may show: the rate-limit headers every answer documents, and Prism's violations. */
const EXPOSE_HEADERS = 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, sl-violations';

/** CORS headers for an allowed origin; none at all otherwise, so the browser refuses the answer. */
function corsHeaders(origin) {
  if (!isLoopbackOrigin(origin)) return {};
  return {'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSE_HEADERS, Vary: 'Origin'};
}

function sendProblem(res, problem, extraHeaders) {
  const body = JSON.stringify(problem);
  res.writeHead(problem.status, {
    ...extraHeaders,
    'Content-Type': 'application/problem+json',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

function readBody(stream) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** Sends one request to Prism; resolves with its status, headers and whole body (examples are small). */
function forward(target, req, path, body) {
  const headers = {...req.headers, host: `${target.host}:${target.port}`};
  delete headers.origin; // CORS is decided here; Prism would add its allow-everything headers.
  return new Promise((resolve, reject) => {
    const upstream = http.request({host: target.host, port: target.port, method: req.method, path, headers}, (res) => {
      readBody(res).then((buf) => resolve({status: res.statusCode ?? 502, headers: res.headers, body: buf}), reject);
    });
    upstream.on('error', reject);
    upstream.end(body);
  });
}

/** Prism's headers minus its CORS, hop-by-hop and body headers (set again for the body sent). */
function passHeaders(headers) {
  const out = {};
  for (const [name, value] of Object.entries(headers)) {
    if (/^(access-control-|connection$|keep-alive$|transfer-encoding$|date$|content-length$|content-type$)/i.test(name)) continue;
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** Why `body` does not parse as JSON, or null when it does. */
function parseError(body) {
  try {
    JSON.parse(body.toString('utf8'));
    return null;
  } catch (error) {
    return error.message;
  }
}

/** Rewrites Prism's answer where it would mislead the reader (see sandbox-problems.mjs). */
function shape(answer, method, instance) {
  const violations = answer.headers['sl-violations'];
  const validation = validationProblem(answer.status, typeof violations === 'string' ? violations : undefined, instance);
  if (validation) return validation;
  if (!/json/.test(String(answer.headers['content-type'] ?? ''))) return null;
  try {
    return prismErrorProblem(answer.status, JSON.parse(answer.body.toString('utf8')), method, instance);
  } catch {
    return null;
  }
}

/**
 * The front server. `target` is where Prism listens; `log` gets one line per request.
 * @param {{host: string, port: number}} target
 * @param {(line: string) => void} [log]
 */
export function createSandboxProxy(target, log = () => {}) {
  return http.createServer(async (req, res) => {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const cors = corsHeaders(req.headers.origin);
    res.on('finish', () => log(`${method} ${url.pathname}${url.search} -> ${res.statusCode}`));

    // Preflight: answered here, for every path, so the browser's check never depends on Prism.
    if (method === 'OPTIONS' && req.headers['access-control-request-method']) {
      const allowed = isLoopbackOrigin(req.headers.origin);
      res.writeHead(204, allowed ? {...cors, 'Access-Control-Allow-Methods': ALLOW_METHODS, 'Access-Control-Allow-Headers': ALLOW_HEADERS, 'Access-Control-Max-Age': '600'} : {});
      res.end();
      return;
    }

    const base = LOCAL_SANDBOX_BASE_PATH;
    if (url.pathname !== base && !url.pathname.startsWith(`${base}/`)) {
      await readBody(req);
      sendProblem(res, plainProblem(404, `The Kestrel API lives under ${base}: no operation has the path ${url.pathname}.`, url.pathname), cors);
      return;
    }

    try {
      const body = await readBody(req);
      const jsonError = body.length > 0 && /json/i.test(req.headers['content-type'] ?? '') ? parseError(body) : null;
      if (jsonError) {
        sendProblem(res, malformedJsonProblem(url.pathname, jsonError), cors);
        return;
      }
      const answer = await forward(target, req, `${url.pathname.slice(base.length) || '/'}${url.search}`, body);
      const problem = shape(answer, method, url.pathname);
      if (problem) {
        sendProblem(res, problem, {...passHeaders(answer.headers), ...cors});
        return;
      }
      const type = answer.headers['content-type'];
      res.writeHead(answer.status, {
        ...passHeaders(answer.headers),
        ...cors,
        ...(type ? {'Content-Type': type} : {}),
        'Content-Length': answer.body.length,
      });
      res.end(answer.body);
    } catch (error) {
      sendProblem(res, plainProblem(502, `The mock behind the local sandbox did not answer: ${error.message}`, url.pathname), cors);
    }
  });
}
