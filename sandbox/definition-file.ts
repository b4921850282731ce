/**
 * Which bundled definition to serve: `static/openapi.json` when it is newer than every file under
 * `openapi/`, else a fresh bundle in a temporary folder (`static/` is never rewritten here, since a
 * running `npm start` serves it).
 */
import {execFileSync} from 'node:child_process';
import {existsSync, mkdtempSync, readdirSync, rmSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir: string): number {
  return Math.max(
    ...readdirSync(dir, {recursive: true, withFileTypes: true})
      .filter((e) => e.isFile())
      .map((e) => statSync(path.join(e.parentPath, e.name)).mtimeMs),
  );
}

export function definitionFile(say: (line: string) => void): {file: string; cleanup: () => void} {
  const bundled = path.join(ROOT, 'static', 'openapi.json');
  if (existsSync(bundled) && statSync(bundled).mtimeMs >= newestMtime(path.join(ROOT, 'openapi'))) {
    return {file: bundled, cleanup: () => {}};
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-sandbox-'));
  say('bundling the definition (static/openapi.json is missing or older than openapi/) ...');
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'bundle-openapi.mjs'), dir], {stdio: 'inherit'});
  return {file: path.join(dir, 'openapi.json'), cleanup: () => rmSync(dir, {recursive: true, force: true})};
}
