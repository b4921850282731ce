/**
 * Multiplies a bundled OpenAPI definition for the scale bench (scripts/bench-scale.mjs): every
 * path is copied `times - 1` more times under `/copy-N`, each operation with its own operationId
 * (its page's route) and summary (its title), so there are `times` times as many operations.
 * Webhooks, components and everything else stay as they are.
 */

/**
 * @typedef {{paths?: Record<string, Record<string, unknown>>; [key: string]: unknown}} Bundled
 */

/**
 * A copy of `definition` with its paths multiplied; `times` must be a positive integer.
 * @param {Bundled} definition
 * @param {number} times
 * @returns {Bundled}
 */
export function scaleDefinition(definition, times) {
  if (!Number.isInteger(times) || times < 1) {
    throw new Error(`scale-definition: times must be a positive integer, got ${JSON.stringify(times)}`);
  }
  /** @type {Record<string, Record<string, unknown>>} */
  const paths = {};
  for (let copy = 1; copy <= times; copy++) {
    for (const [route, item] of Object.entries(definition.paths ?? {})) {
      const copied = structuredClone(item);
      if (copy > 1) {
        for (const operation of Object.values(copied)) {
          if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
          const op = /** @type {{operationId?: string; summary?: string}} */ (operation);
          if (op.operationId) op.operationId = `${op.operationId}Copy${copy}`;
          if (op.summary) op.summary = `${op.summary} copy ${copy}`;
        }
      }
      paths[copy === 1 ? route : `/copy-${copy}${route}`] = copied;
    }
  }
  return {...definition, paths};
}

/**
 * How many operations a definition's paths hold.
 * @param {Bundled} definition
 */
export function operationCount(definition) {
  return Object.values(definition.paths ?? {}).reduce(
    (sum, item) => sum + Object.values(item).filter((op) => op && typeof op === 'object' && 'responses' in op).length,
    0,
  );
}
