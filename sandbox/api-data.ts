/**
 * What the sandbox receives, keeps and answers: request bodies (checked by Ajv against the
 * definition's schemas before a handler reads them), stored objects (made from the definition's
 * examples) and answers (checked against the definition by the sandbox tests). Their shapes are the
 * definition's schemas, held at run time, not by the compiler: the definition itself is read typed
 * (definition.ts, through definition/), and this is the one untyped type left in sandbox/.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- shapes are the definition's schemas, checked at run time (validation.ts)
export type ApiData = any;
