/**
 * A webhook endpoint on 127.0.0.1 that answers every delivery with one status and keeps each body
 * it received, for tests that subscribe it and read what arrived.
 */
import http from 'node:http';
import {listenOnFreePort} from '../../tooling/ports.mjs';

export type RecordingEndpoint = {url: string; bodies: string[]; close: () => Promise<void>};

export async function recordingEndpoint(status: number): Promise<RecordingEndpoint> {
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      bodies.push(body);
      res.writeHead(status).end();
    });
  });
  const url = `${await listenOnFreePort(server)}/hook`;
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {url, bodies, close};
}
