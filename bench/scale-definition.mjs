/**
 * Multiplies a bundled OpenAPI definition for the scale bench (scripts/bench-scale.mjs): every
 * path is copied `times - 1` more times under `/copy-N`, each operation with its own operationId
 * and summary (the API pages take their route from the summary), so 49 operations become 49 *
 * `times`. Webhooks, components and everything else stay as they are.
 */

/** A copy of `definition` with its paths multiplied; `times` must be a positive integer. */
export function scaleDefinition(definition, times) {
  if (!Number.isInteger(times) || times < 1) {
    throw new Error(`scale-definition: times must be a positive integer, got ${JSON.stringify(times)}`);
  }
  const paths = {};
  for (let copy = 1; copy <= times; copy++) {
    for (const [route, item] of Object.entries(definition.paths ?? {})) {
      const copied = structuredClone(item);
      if (copy > 1) {
        for (const operation of Object.values(copied)) {
          if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
          if (operation.operationId) operation.operationId = `${operation.operationId}Copy${copy}`;
          if (operation.summary) operation.summary = `${operation.summary} copy ${copy}`;
        }
      }
      paths[copy === 1 ? route : `/copy-${copy}${route}`] = copied;
    }
  }
  return {...definition, paths};
}

/** How many operations a definition's paths hold. */
export function operationCount(definition) {
  return Object.values(definition.paths ?? {}).reduce(
    (sum, item) => sum + Object.values(item).filter((op) => op && typeof op === 'object' && 'responses' in op).length,
    0,
  );
}
