/**
 * Vitest-only: what a test starts (a receiver, a fake API, a temporary folder) it pushes here, and
 * it is undone after that test, last started first, whether the test passed or failed.
 */
import {afterEach} from 'vitest';

export type Cleanup = () => Promise<void> | void;

/** Registers the after-each hook of the current file or suite; returns the list a test pushes to. */
export function cleanupsAfterEach(): Cleanup[] {
  const cleanups: Cleanup[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return cleanups;
}
