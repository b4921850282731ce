// A Redocly CLI plugin: it types an operation's `x-problems` (its problem responses, listed without
// a status) as a list of responses, so that `redocly bundle` resolves and bundles their `$ref`s
// as it does those under `responses`. definition/problem-responses.ts then files each under the
// status the error catalogue gives its codes.

/** @param {Record<string, {properties?: Record<string, unknown>}>} types */
function withProblemList(types) {
  const operation = types.Operation;
  return {
    ...types,
    Operation: {...operation, properties: {...operation?.properties, 'x-problems': 'ProblemResponseList'}},
    ProblemResponseList: {properties: {}, items: 'Response'},
  };
}

export default function kestrelRedoclyPlugin() {
  return {id: 'kestrel', typeExtension: {oas3: withProblemList}};
}
