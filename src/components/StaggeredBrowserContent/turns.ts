/**
 * One section at a time: a queue of sections waiting to render their browser-only content. A
 * section holds the turn from the moment it starts until its content has committed; the next one
 * starts in a later idle period. Each section's render, commit and restyle is then a short task of
 * its own instead of one long task for the whole page.
 */
import {whenIdle} from '@site/src/whenIdle';

type Start = () => void;

const waiting: Start[] = [];
let holder: Start | null = null;

const nextIdle = (run: () => void) => whenIdle(run, {timeout: 500, fallbackDelay: 16});

function startNext(): void {
  if (holder || waiting.length === 0) return;
  holder = waiting.shift()!;
  holder();
}

/** Queues `start`; returns the cancel (for a section that unmounts before or during its turn). */
export function requestTurn(start: Start): () => void {
  waiting.push(start);
  nextIdle(startNext);
  return () => {
    const index = waiting.indexOf(start);
    if (index !== -1) waiting.splice(index, 1);
    if (holder === start) releaseTurn(start);
  };
}

/** The section that started with `start` has committed its content: let the next one go. */
export function releaseTurn(start: Start): void {
  if (holder !== start) return;
  holder = null;
  nextIdle(startNext);
}
