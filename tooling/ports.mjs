/**
 * Ports on 127.0.0.1 for the servers the scripts and tests start: never a fixed one, so two runs
 * (or a run beside `npm start`) cannot collide.
 */
import net from 'node:net';

/**
 * Starts `server` listening on a free port of 127.0.0.1 and returns its origin.
 * @param {import('node:net').Server} server
 * @returns {Promise<string>}
 */
export async function listenOnFreePort(server) {
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(undefined);
    });
  });
  const {port} = /** @type {import('node:net').AddressInfo} */ (server.address());
  return `http://127.0.0.1:${port}`;
}

/**
 * A port nothing listens on right now, for a child process to listen on.
 * @returns {Promise<number>}
 */
export async function freePort() {
  const server = net.createServer();
  const origin = await listenOnFreePort(server);
  await new Promise((resolve) => server.close(resolve));
  return Number(new URL(origin).port);
}
