/**
 * Scheduled steps that outlive the process: a payment due to complete in 10 s, a payout in flight,
 * an invoice paid after its quote. A step is a named function, defined once at module load, and
 * each scheduling of it is a record in the account's store (kind `_ScheduledStep`: the step's
 * name, when it is due, and its JSON arguments), so `--state` keeps it as it keeps any object and
 * `rearmSteps` schedules it again after a restart. A step's record is removed once the step ran;
 * a crash in between runs it again after the restart, so each step checks the status it moves
 * from (as every step here does) and does nothing the second time.
 */
import type {JsonObject} from './api-data.ts';
import type {World} from './world.ts';

/** The store kind of the records; `_` keeps it out of every API answer. */
export const STEP_KIND = '_ScheduledStep';

type Run<A extends JsonObject> = (world: World, args: A) => void;

export interface Step<A extends JsonObject> {
  /** Runs the step when the clock reaches `due` (ms since the epoch). */
  at(world: World, due: number, args: A): void;
  /** Runs the step `ms` from now on the sandbox clock. */
  after(world: World, ms: number, args: A): void;
}

const defined = new Map<string, Run<JsonObject>>();

function arm(world: World, record: JsonObject): void {
  const id = String(record.id);
  const run = defined.get(String(record.step));
  if (!run) {
    // A record written by another version of the sandbox, naming a step this one does not have.
    world.options.log(`dropping scheduled step ${String(record.step)}: this sandbox has no such step`);
    world.store.delete(STEP_KIND, id);
    return;
  }
  world.clock.at(Number(record.due), () => {
    try {
      run(world, record.args as JsonObject);
    } finally {
      world.store.delete(STEP_KIND, id);
    }
  });
}

/** A step named `name`; the name is what a state file records, so it must not change. */
export function defineStep<A extends JsonObject>(name: string, run: Run<A>): Step<A> {
  // A module evaluated again (a test runner's fresh module graph) defines the same step again: the later wins.
  defined.set(name, run as Run<JsonObject>);
  const at = (world: World, due: number, args: A) => {
    const record = world.store.put(STEP_KIND, {id: world.uuid(), step: name, due, args});
    arm(world, record);
  };
  return {at, after: (world, ms, args) => at(world, world.clock.now() + ms, args)};
}

/** Schedules again every step the store holds (after a restart read it back). */
export function rearmSteps(world: World): void {
  for (const record of world.store.all(STEP_KIND)) arm(world, record);
}
