/**
 * The generic diff engine: Redocly CLI's `diff` (the @redocly/cli pinned in package.json, 2.77.0;
 * marked experimental), which rates each change patch, minor or major by rules of its own. Its
 * major verdicts that our rules do not already report at the same place are added as breaking
 * changes, so that what a generic engine knows (a path removed, a security requirement changed)
 * is not lost. It is not trusted alone: on the Kestrel definition it rated a removed required
 * answer field and a value added to a closed status enum `patch`, with no verdict, which is why
 * the rules beside it decide on fields, enums, error codes and the rule data.
 */
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';

export interface EngineVerdict {
  ruleId: string;
  message: string;
  /** Where Redocly places the change: a pointer in the older file for a removal, else in the newer. */
  pointer: string;
  /** The change's path as Redocly reports it (through the operation that reaches it). */
  path: string;
}

interface Report {
  changes: {
    path: string;
    impact: string;
    verdicts: {ruleId: string; impact: string; message: string; location: {pointer: string}}[];
  }[];
}

const require = createRequire(import.meta.url);

function redoclyCli(): string {
  return path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
}

/** Redocly's major verdicts between two bundled definitions. */
export function engineVerdicts(older: object, newer: object): EngineVerdict[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'api-changes-'));
  try {
    writeFileSync(path.join(dir, 'older.json'), JSON.stringify(older));
    writeFileSync(path.join(dir, 'newer.json'), JSON.stringify(newer));
    try {
      execFileSync(
        process.execPath,
        [
          redoclyCli(),
          'diff',
          'older.json',
          'newer.json',
          '--format',
          'json',
          '--output',
          'report.json',
          '--fail-on',
          'none',
        ],
        {
          cwd: dir,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: {...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true'},
        },
      );
    } catch (error) {
      const e = error as {stdout?: Buffer; stderr?: Buffer};
      throw new Error(`api-changes: redocly diff failed: ${`${e.stdout ?? ''}${e.stderr ?? ''}`.trim()}`, {
        cause: error,
      });
    }
    const report = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as Report;
    return report.changes.flatMap((change) =>
      change.verdicts
        .filter((verdict) => verdict.impact === 'major')
        .map((verdict) => ({
          ruleId: verdict.ruleId,
          message: verdict.message,
          pointer: verdict.location.pointer,
          path: change.path,
        })),
    );
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}
