/**
 * In-memory objects, one collection per resource type (named after its schema, such as `Invoice`).
 * Each collection holds at most `cap` objects: storing one more forgets the oldest, so a long fuzz
 * or load run keeps memory bounded. A forgotten object answers 404 like one that never existed.
 */
import {stringAt, type JsonObject} from './api-data.ts';

export const DEFAULT_CAP = 10_000;

/** One change to the stored objects: an object stored (new or replaced) or one forgotten. */
export type StoreChange = {kind: string; put: JsonObject} | {kind: string; deleted: string};

/** An object's `status` as it moved: `from` is null for an object that was just made. */
export interface StatusChange {
  kind: string;
  id: string;
  from: string | null;
  to: string;
}

export class Store {
  private readonly collections = new Map<string, Map<string, JsonObject>>();
  readonly cap: number;
  /** How many objects were forgotten at the cap, per type. */
  readonly evicted = new Map<string, number>();
  /** Called after every change, for `--state`. */
  onChange: (change: StoreChange) => void = () => {};
  /** Told of every `status` an object gets (a new one's `from` is null), while the clock control watches. */
  readonly statusWatchers = new Set<(change: StatusChange) => void>();

  constructor(cap = DEFAULT_CAP) {
    this.cap = cap;
  }

  private collection(kind: string): Map<string, JsonObject> {
    let c = this.collections.get(kind);
    if (!c) this.collections.set(kind, (c = new Map()));
    return c;
  }

  put(kind: string, object: JsonObject): JsonObject {
    const c = this.collection(kind);
    if (!c.has(stringAt(object, 'id')) && c.size >= this.cap) {
      const oldest = c.keys().next().value as string;
      c.delete(oldest);
      this.evicted.set(kind, (this.evicted.get(kind) ?? 0) + 1);
      this.onChange({kind, deleted: oldest});
    }
    const before = c.get(stringAt(object, 'id'));
    c.set(stringAt(object, 'id'), object);
    this.onChange({kind, put: object});
    const to = object.status;
    if (this.statusWatchers.size > 0 && typeof to === 'string' && before?.status !== to) {
      const change = {
        kind,
        id: stringAt(object, 'id'),
        from: typeof before?.status === 'string' ? before.status : null,
        to,
      };
      for (const watch of this.statusWatchers) watch(change);
    }
    return object;
  }

  get(kind: string, id: string): JsonObject | undefined {
    return this.collections.get(kind)?.get(id);
  }

  delete(kind: string, id: string): boolean {
    const done = this.collections.get(kind)?.delete(id) ?? false;
    if (done) this.onChange({kind, deleted: id});
    return done;
  }

  /** Forgets the oldest objects of a type while `expired` holds for them (objects are kept in the order stored). */
  dropOldest(kind: string, expired: (object: JsonObject) => boolean): void {
    const c = this.collections.get(kind);
    if (!c) return;
    for (const [id, object] of c) {
      if (!expired(object)) break;
      c.delete(id);
      this.onChange({kind, deleted: id});
    }
  }

  /** The objects of a type, oldest first. */
  all(kind: string): JsonObject[] {
    return [...(this.collections.get(kind)?.values() ?? [])];
  }

  size(kind: string): number {
    return this.collections.get(kind)?.size ?? 0;
  }

  /** How many objects each type holds. */
  sizes(): Record<string, number> {
    return Object.fromEntries([...this.collections].map(([kind, c]) => [kind, c.size]));
  }

  snapshot(): Record<string, JsonObject[]> {
    return Object.fromEntries([...this.collections].map(([kind, c]) => [kind, [...c.values()]]));
  }

  restore(snapshot: Record<string, JsonObject[]>): void {
    this.collections.clear();
    for (const [kind, objects] of Object.entries(snapshot)) {
      const c = this.collection(kind);
      for (const o of objects.slice(-this.cap)) c.set(stringAt(o, 'id'), o);
    }
  }
}
