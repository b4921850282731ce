// What every reader of the bundled definition gets from a plain Redocly bundle of openapi/: each
// operation's problems filed under the status the error catalogue gives them, then the facts its
// prose names rendered. The bundle script, the working definition (releases, the API-changes
// check) and the tests' bundle all finish here.
import {keyProblemResponses} from '../definition/index.ts';
import {renderDefinitionFacts} from '../plugins/prose-facts/definition.ts';

/**
 * @template {import('../definition/types.ts').JsonObject} T
 * @param {T} bundled
 * @returns {T}
 */
export function finishBundle(bundled) {
  return renderDefinitionFacts(keyProblemResponses(bundled));
}
