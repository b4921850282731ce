// The part of node:sqlite (Node.js 22.13 and later) that server.ts and its tests use: the @types/node this
// repository pins predates the module. Newer @types/node declare it in full; delete this file then.
declare module 'node:sqlite' {
  type SqlValue = null | number | bigint | string | Uint8Array;
  interface StatementSync {
    run(...values: SqlValue[]): {changes: number | bigint; lastInsertRowid: number | bigint};
    /** Named parameters: `{event_id: ...}` binds `:event_id`. */
    run(named: Record<string, SqlValue>): {changes: number | bigint; lastInsertRowid: number | bigint};
    all(...values: SqlValue[]): Record<string, SqlValue>[];
    get(...values: SqlValue[]): Record<string, SqlValue> | undefined;
  }
  export class DatabaseSync {
    constructor(path: string);
    exec(sql: string): void;
    prepare(sql: string): StatementSync;
    close(): void;
  }
}
