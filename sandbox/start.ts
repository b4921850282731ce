/**
 * Builds a whole sandbox (world, server) from a definition and options, for the CLI and for tests
 * that run it in-process.
 */
import type http from 'node:http';
import {Definition} from './definition.ts';
import {createSandboxServer} from './server.ts';
import {World} from './world.ts';

export interface SandboxSettings {
  payAfterSeconds?: number;
  rateLimit?: boolean;
  token?: string;
  scopes?: string[];
  retrySpeedup?: number;
  cap?: number;
  log?: (line: string) => void;
}

export function createSandbox(
  definition: Definition,
  settings: SandboxSettings = {},
): {world: World; server: http.Server} {
  const log = settings.log ?? (() => {});
  const world = new World(definition, {
    payAfterMs: (settings.payAfterSeconds ?? 10) * 1000,
    retrySpeedup: settings.retrySpeedup ?? 1,
    cap: settings.cap ?? 10_000,
    log,
  });
  const server = createSandboxServer(world, {
    rateLimit: settings.rateLimit ?? true,
    token: settings.token,
    scopes: settings.scopes,
    log,
  });
  // Deliveries and scheduled steps must not keep a finished test or CLI alive on their own.
  server.on('close', () => world.clock.stop());
  return {world, server};
}
