#!/usr/bin/env node
/**
 * The analytics script host, as the browser tests' browser reaches it: an HTTPS server on
 * 127.0.0.1 that answers every request with an empty script, so that pages load their analytics
 * tag as they do for a reader (the inline gtag stub still records every call in dataLayer) while
 * nothing leaves the machine. Its certificate is made when it starts; the tests' browser ignores
 * certificate errors, and resolves no other remote host (browser-network.mjs).
 *
 *   node tooling/analytics-standin.mjs --port 4175
 */
import https from 'node:https';
import {parseArgs} from 'node:util';
import selfsigned from 'selfsigned';
import {ANALYTICS_HOST} from './browser-network.mjs';

const {values} = parseArgs({options: {port: {type: 'string'}}});
const port = Number(values.port);
if (!Number.isInteger(port) || port <= 0)
  throw new Error(`analytics-standin: --port must be a port number, got ${values.port}`);

const pems = await selfsigned.generate([{name: 'commonName', value: ANALYTICS_HOST}], {keyType: 'ec'});
https
  .createServer({key: pems.private, cert: pems.cert}, (request, response) => {
    response.writeHead(200, {'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store'});
    response.end('');
  })
  .listen(port, '127.0.0.1', () => console.log(`analytics stand-in on https://127.0.0.1:${port}/`));
