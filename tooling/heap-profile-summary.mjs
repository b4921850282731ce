/**
 * What a V8 sampling heap profile (`node --heap-prof`, as `npm run bench:scale -- K --heap-prof
 * DIR` writes one per process and worker thread) holds, by package: the sampled bytes still
 * allocated when the thread ended, summed over the allocation sites of each npm package (or of
 * the site's own code, or V8/Node internals), largest first. scripts/heap-profile-summary.mjs
 * prints it.
 */
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
