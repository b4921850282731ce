/**
 * One sandbox for a whole Vitest suite: started before the suite's first test and stopped after its
 * last. Vitest-only (it registers hooks), so it lives apart from `sandbox-process.ts`, which the
 * Playwright tests load too.
 */
import {afterAll, beforeAll} from 'vitest';
import {startSandbox, type Sandbox} from './sandbox-process';

/**
 * Registers the suite's start and stop hooks and returns a Sandbox that reads through to the running
 * one, so tests declare it once as a constant instead of assigning it in their own hooks.
 */
export function suiteSandbox(flags: string[] = []): Sandbox {
  let started: Sandbox | undefined;
  beforeAll(async () => {
    started = await startSandbox(flags);
  });
  afterAll(() => started?.stop('SIGTERM'));
  const running = (): Sandbox => {
    if (!started)
      throw new Error(`the suite's sandbox (${flags.join(' ')}) is not running: read it inside a test or hook`);
    return started;
  };
  return {
    get base() {
      return running().base;
    },
    get origin() {
      return running().origin;
    },
    get port() {
      return running().port;
    },
    get process() {
      return running().process;
    },
    output: () => running().output(),
    stop: (signal) => running().stop(signal),
    advance: (seconds) => running().advance(seconds),
  };
}
