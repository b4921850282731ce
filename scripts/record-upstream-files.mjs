/**
 * `npm run upstream:record`: rewrites packages/kestrel-theme/upstream-files.json from the installed
 * files (each entry's package version and sha256). Run it after an upgrade, once every coupling
 * point the drift test named has been re-checked against packages/kestrel-theme/UPSTREAM.md, and
 * commit the record with the upgrade. It prints what it changed.
 */
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {RECORD_FILE, rewriteRecord} from '../packages/kestrel-theme/upstream-files.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

try {
  const updated = rewriteRecord(root);
  if (updated.length === 0) {
    console.log(`${RECORD_FILE}: every file already matches its record.`);
  } else {
    console.log(`${RECORD_FILE}: recorded ${updated.length} file(s) as installed:`);
    for (const e of updated) console.log(`  - ${e.package} ${e.version}: ${e.path} (${e.couplingPoints.join(', ')})`);
  }
} catch (error) {
  console.error(/** @type {Error} */ (error).message);
  process.exitCode = 1;
}
