/**
 * What a V8 sampling heap profile (`node --heap-prof`, as `npm run bench:scale -- K --heap-prof
 * DIR` writes one per process and worker thread) holds, by package: the sampled bytes still
 * allocated when the thread ended, summed over the allocation sites of each npm package (or of
 * the site's own code, or V8/Node internals), largest first.
 *
 *   node scripts/heap-profile-summary.mjs DIR [N]   (N packages per profile, default 8)
 */
import {readFileSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';

/**
 * @typedef {{selfSize?: number; callFrame: {url: string}; children?: ProfileNode[]}} ProfileNode
 */

/**
 * The package an allocation site belongs to, from its script URL.
 * @param {string} url
 */
export function ownerOf(url) {
  if (!url) return '(V8 / native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [scope = '', name = ''] = url.slice(modules + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  if (url.startsWith('node:')) return '(node internals)';
  // Docusaurus evaluates the server bundle under its bare file name.
  if (/(^|\/)server\.bundle\.js$/.test(url)) return '(server bundle)';
  return `(site) ${path.basename(url)}`;
}

/**
 * Bytes per owner in one profile, and the total.
 * @param {{head: ProfileNode}} profile
 */
export function bytesByOwner(profile) {
  /** @type {Map<string, number>} */
  const owners = new Map();
  let total = 0;
  const walk = (/** @type {ProfileNode} */ node) => {
    if (node.selfSize) {
      const owner = ownerOf(node.callFrame.url);
      owners.set(owner, (owners.get(owner) ?? 0) + node.selfSize);
      total += node.selfSize;
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(profile.head);
  return {total, owners: [...owners].sort((a, b) => b[1] - a[1])};
}

const mib = (/** @type {number} */ b) => `${(b / 2 ** 20).toFixed(1)} MiB`;

if (import.meta.url === `file://${process.argv[1]}`) {
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
}
