/**
 * Prints what each V8 sampling heap profile in DIR holds, by package, largest first
 * (tooling/heap-profile-summary.mjs):
 *
 *   node scripts/heap-profile-summary.mjs DIR [N]   (N packages per profile, default 8)
 */
import {readFileSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {bytesByOwner} from '../tooling/heap-profile-summary.mjs';

const mib = (/** @type {number} */ b) => `${(b / 2 ** 20).toFixed(1)} MiB`;

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/heap-profile-summary.mjs DIR [TOP]: DIR holds the .heapprofile files');
  process.exit(1);
}
const top = Number(process.argv[3] ?? 8);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.heapprofile'))
  .sort((a, b) => statSync(path.join(dir, a)).mtimeMs - statSync(path.join(dir, b)).mtimeMs);
for (const file of files) {
  const {total, owners} = bytesByOwner(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
  if (total < 16 * 2 ** 20) continue;
  console.log(`\n${file}: ${mib(total)} sampled, still allocated when the thread ended`);
  for (const [owner, bytes] of owners.slice(0, top)) console.log(`  ${mib(bytes).padStart(10)}  ${owner}`);
}
