/**
 * The accounts a sandbox holds, each its own World (objects, balances, events, webhook
 * subscriptions), all on one clock: one account never sees another's objects, and moving the
 * clock moves it for every account. The default account is the one of the documented examples;
 * another account gets an id made from its name, so it keeps its id across restarts.
 */
import {createHash} from 'node:crypto';
import type {Clock} from './clock.ts';
import type {Definition} from './definition.ts';
import {DEFAULT_ACCOUNT} from './tokens.ts';
import {World, type WorldOptions} from './world.ts';

/** A UUID (version 4 layout) made from an account name. */
function accountId(name: string): string {
  const hex = createHash('sha256').update(`kestrel-sandbox-account:${name}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export class AccountWorlds {
  readonly definition: Definition;
  readonly clock: Clock;
  private readonly options: Omit<WorldOptions, 'clock' | 'account'>;
  private readonly worlds = new Map<string, World>();
  /** Called when an account's World is made, for `--state`. */
  onCreate: (name: string, world: World) => void = () => {};

  constructor(definition: Definition, clock: Clock, options: Omit<WorldOptions, 'clock' | 'account'>, names: string[]) {
    this.definition = definition;
    this.clock = clock;
    this.options = options;
    for (const name of [DEFAULT_ACCOUNT, ...names]) this.world(name);
  }

  /** The account's World, made on first use. */
  world(name: string): World {
    let world = this.worlds.get(name);
    if (world) return world;
    world = new World(this.definition, {
      ...this.options,
      clock: this.clock,
      account: name === DEFAULT_ACCOUNT ? undefined : {id: accountId(name), handle: name},
    });
    this.worlds.set(name, world);
    this.onCreate(name, world);
    return world;
  }

  has(name: string): boolean {
    return this.worlds.has(name);
  }

  get default(): World {
    return this.world(DEFAULT_ACCOUNT);
  }

  names(): string[] {
    return [...this.worlds.keys()];
  }

  entries(): [string, World][] {
    return [...this.worlds];
  }

  /** The World that stores an object of `kind` with this id, if any account does. */
  holding(kind: string, id: string): World | undefined {
    return [...this.worlds.values()].find((w) => w.store.get(kind, id) !== undefined);
  }

  /** The sandbox's counts: per account, and summed as a single-account sandbox reported them. */
  stats() {
    const worlds = [...this.worlds.values()];
    const sum = (count: (w: World) => number) => worlds.reduce((n, w) => n + count(w), 0);
    const per = Object.fromEntries(this.entries().map(([name, w]) => [name, w.stats()]));
    const objects: Record<string, number> = {};
    const evicted: Record<string, number> = {};
    for (const s of Object.values(per)) {
      for (const [k, n] of Object.entries(s.objects)) objects[k] = (objects[k] ?? 0) + n;
      for (const [k, n] of Object.entries(s.evicted)) evicted[k] = (evicted[k] ?? 0) + n;
    }
    return {
      objects,
      cap: this.default.store.cap,
      evicted,
      scheduledSteps: this.clock.pending,
      accounts: Object.fromEntries(Object.entries(per).map(([name, s]) => [name, {objects: s.objects}])),
      webhooks: {
        attempts: sum((w) => w.webhooks.attempts),
        inFlight: sum((w) => w.webhooks.pending),
        waiting: sum((w) => w.webhooks.waiting),
      },
    };
  }
}
