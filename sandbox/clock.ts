/**
 * The sandbox's clock: real time plus an offset that `POST /_sandbox/clock` moves forward, and a
 * scheduler on that clock. Every lifecycle step (a payment arriving, a quote expiring, a webhook
 * retry) is a task due at a clock time, so moving the clock forward runs what falls due at once,
 * in order, without waiting.
 *
 * A manual clock (`--manual-clock`) does not follow real time: it starts at the real time the
 * sandbox started and moves only by `advance`, so a test that asserts a state at a time never
 * races a step that real time would have run meanwhile.
 */

interface Task {
  due: number;
  run: () => void;
}

export class Clock {
  private offsetMs = 0;
  private tasks: Task[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  /** The real time a manual clock stands still at (before its offset), or undefined for real time. */
  private readonly frozenAt: number | undefined;
  /** Called after the clock moved forward, for `--state`. */
  onMove: () => void = () => {};

  constructor(options: {manual?: boolean} = {}) {
    this.frozenAt = options.manual ? Date.now() : undefined;
  }

  get manual(): boolean {
    return this.frozenAt !== undefined;
  }

  now(): number {
    return (this.frozenAt ?? Date.now()) + this.offsetMs;
  }

  /** RFC 3339 in UTC to the second, as Kestrel writes times. */
  iso(ms = this.now()): string {
    return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  }

  /** How far the clock is ahead of real time, in milliseconds. */
  get offset(): number {
    return this.offsetMs;
  }

  /** Runs `run` when the clock reaches `due` (ms since the epoch). */
  at(due: number, run: () => void): void {
    // Binary insertion keeps the queue ordered by due time (ties in scheduling order) without a sort per step.
    let low = 0;
    let high = this.tasks.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.tasks[mid]!.due <= due) low = mid + 1;
      else high = mid;
    }
    this.tasks.splice(low, 0, {due, run});
    if (low === 0) this.arm();
  }

  after(ms: number, run: () => void): void {
    this.at(this.now() + ms, run);
  }

  /**
   * Moves the clock forward and runs every task that falls due, including ones they schedule, each
   * at its own due time: a payment due 10 s after a quote is stamped then, not at the end of the jump.
   */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new Error('the clock only moves forward');
    const target = this.now() + ms;
    this.running = true;
    try {
      while (this.tasks.length > 0 && this.tasks[0]!.due <= target) {
        const task = this.tasks.shift()!;
        const now = this.now();
        if (task.due > now) this.offsetMs += task.due - now;
        this.run(task);
      }
    } finally {
      this.running = false;
    }
    this.offsetMs += Math.max(0, target - this.now());
    this.arm();
    this.onMove();
  }

  /**
   * Sets a manual clock to the time it showed before a restart (`--state`), before anything is
   * scheduled on it; a clock that follows real time keeps its offset instead.
   */
  resumeAt(nowMs: number): void {
    if (this.frozenAt === undefined) throw new Error('only a manual clock resumes at a time');
    this.offsetMs = nowMs - this.frozenAt;
  }

  /** Drops every pending task (on shutdown). */
  stop(): void {
    this.tasks = [];
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  get pending(): number {
    return this.tasks.length;
  }

  private runDue(): void {
    if (this.running) return;
    this.running = true;
    try {
      while (this.tasks.length > 0 && this.tasks[0]!.due <= this.now()) {
        this.run(this.tasks.shift()!);
      }
    } finally {
      this.running = false;
    }
    this.arm();
  }

  private run(task: Task): void {
    try {
      task.run();
    } catch (error) {
      // One failing step must not stop the others or the server.
      console.error(`sandbox: a scheduled step failed: ${(error as Error).stack ?? String(error)}`);
    }
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const next = this.tasks[0];
    // A manual clock runs a step only once `advance` has reached it; one scheduled for a time the
    // clock has already reached (a webhook retry due when a jump ended) runs at once, as it would
    // on a real clock.
    if (!next || (this.manual && next.due > this.now())) return;
    // setTimeout's limit is about 24.8 days; a later task just re-arms when this fires.
    const wait = Math.min(Math.max(0, next.due - this.now()), 2 ** 31 - 1);
    this.timer = setTimeout(() => this.runDue(), wait);
  }
}
