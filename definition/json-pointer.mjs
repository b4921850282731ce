/**
 * The value a local JSON pointer (`#/components/schemas/Invoice`) names in a document, or
 * undefined. The definition model (definition/refs.ts) follows `$ref`s with it; the other callers
 * read a pointer the model gave them, and each says in its own words what a missing target means.
 */

/**
 * @param {unknown} doc
 * @param {string} ref
 * @returns {unknown}
 */
export function valueAt(doc, ref) {
  if (!ref.startsWith('#')) throw new Error(`Not a local reference: ${ref}`);
  let node = doc;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = /** @type {Record<string, unknown>} */ (node)[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}
