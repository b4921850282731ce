/**
 * The API's types come from the definition (scripts/gen-api-types.ts, run by `npm run gen-api`):
 * the operationIds and each operation's request and answer. Fed a definition with one operation
 * renamed, the sandbox's handler table, the sandbox's handler and an example no longer compile, and
 * each error names the old operationId where the code writes it; fed the definition as it is, the
 * same files compile. Fed a definition with a field of a request body and one of an answer
 * renamed, the handler that reads the one and sets the other fails, naming each. A handler a sandbox module exports but the table leaves out fails too. The
 * compiler runs in the test, with the generated text served from memory in place of both copies
 * (definition/kestrel-api-types.ts and examples/kestrel-api-types.ts).
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {beforeAll, describe, expect, it} from 'vitest';
import {isOpenEnum} from '../../definition/open-enums.ts';
import {apiTypesSource} from '../../tooling/api-types.ts';

const ROOT = path.resolve(__dirname, '../..');
const GENERATED = ['definition/kestrel-api-types.ts', 'examples/kestrel-api-types.ts'].map((file) =>
  path.join(ROOT, file),
);
const TABLE = 'sandbox/operations/index.ts';
const EXAMPLE = 'examples/core/held-order.ts';
/** Named as a key of the sandbox's table, by its handler (sandbox/operations/bank.ts) and in an example. */
const RENAMED = 'createAPayout';
const HANDLER = 'sandbox/operations/bank.ts';
/** A field of createAPayout's request body (the schema PayoutCreate) that its handler reads. */
const BODY_SCHEMA = 'PayoutCreate';
const BODY_FIELD = 'reference';
/** A field of createAPayout's answer (the schema Payout) that its handler sets. */
const ANSWER_SCHEMA = 'Payout';
const ANSWER_FIELD = 'sourceAmount';

type Bundled = Parameters<typeof apiTypesSource>[0];
const bundled = (): Bundled => JSON.parse(readFileSync(path.join(ROOT, 'static/openapi.json'), 'utf8')) as Bundled;

/** The definition with one operation's operationId changed. */
function renamed(definition: Bundled, id: string): Bundled {
  for (const item of Object.values(definition.paths ?? {}))
    for (const op of Object.values(item)) {
      const operation = op as {operationId?: string};
      if (operation?.operationId === id) {
        operation.operationId = `${id}Renamed`;
        return definition;
      }
    }
  throw new Error(`the definition has no operation ${id}`);
}

/** The definition with one property of a component schema renamed, where it is listed and where it is required. */
function renamedField(definition: Bundled, schemaName: string, field: string): Bundled {
  const schemas = (definition as {components: {schemas: Record<string, {properties?: object; required?: string[]}>}})
    .components.schemas;
  const schema = schemas[schemaName];
  const properties = schema?.properties as Record<string, unknown> | undefined;
  if (!properties || !(field in properties))
    throw new Error(`the definition has no property ${field} in ${schemaName}`);
  schema!.properties = Object.fromEntries(
    Object.entries(properties).map(([name, value]) => [name === field ? `${field}Renamed` : name, value]),
  );
  schema!.required = schema!.required?.map((name) => (name === field ? `${field}Renamed` : name));
  return definition;
}

const config = ts.parseJsonConfigFileContent(
  ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile).config,
  ts.sys,
  ROOT,
);
// Node code only: the site's global types (Docusaurus's) are not read, to keep the test quick.
const options: ts.CompilerOptions = {...config.options, types: ['node']};

/**
 * The compiler's errors in the sandbox's table and the example, with the given types (and the
 * table's source, when given).
 */
function compileErrors(
  typesSource: string,
  oldProgram?: ts.Program,
  tableSource?: string,
): {errors: string[]; program: ts.Program} {
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  const generated = (fileName: string) => GENERATED.includes(path.resolve(fileName));
  host.getSourceFile = (fileName, language, ...rest) =>
    generated(fileName)
      ? ts.createSourceFile(fileName, typesSource, language)
      : tableSource !== undefined && path.resolve(fileName) === path.join(ROOT, TABLE)
        ? ts.createSourceFile(fileName, tableSource, language)
        : getSourceFile(fileName, language, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => generated(fileName) || fileExists(fileName);
  const roots = [TABLE, EXAMPLE].map((file) => path.join(ROOT, file));
  const program = ts.createProgram(roots, options, host, oldProgram);
  const errors = [TABLE, HANDLER, EXAMPLE].flatMap((file) =>
    program.getSemanticDiagnostics(program.getSourceFile(path.join(ROOT, file))).map((d) => {
      const where = d.file ? path.relative(ROOT, d.file.fileName) : '?';
      return `${where}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    }),
  );
  return {errors, program};
}

describe('types generated from the definition', () => {
  let source: string;
  beforeAll(async () => {
    source = await apiTypesSource(bundled(), '// test');
  });

  it('name every operationId of the definition, and only those, in OperationId', () => {
    const ids = Object.values(bundled().paths ?? {}).flatMap((item) =>
      Object.values(item).flatMap((op) => ((op as {operationId?: string})?.operationId ?? []) as string[]),
    );
    const union = /export type OperationId =([^;]+);/.exec(source)?.[1] ?? '';
    expect([...union.matchAll(/'([^']+)'/g)].map((m) => m[1]).sort()).toEqual([...ids].sort());
    expect(ids).toContain(RENAMED);
  });

  it('give each enum of the definition its values, and an open enum any other string too', () => {
    const schemas = (bundled() as {components: {schemas: Record<string, {enum?: unknown[]}>}}).components.schemas;
    const enums = Object.entries(schemas).filter(([, schema]) => Array.isArray(schema.enum));
    expect(enums.map(([name]) => name)).toContain('InvoiceStatus');
    for (const [name, schema] of enums) {
      const union = new RegExp(`\\n {4}${name}:([^;]+);`).exec(source)?.[1] ?? '';
      const values = [...union.matchAll(/'([^']+)'/g)].map((m) => m[1]);
      expect(values, name).toEqual(schema.enum);
      expect(union.includes('(string & {})'), `${name} is open`).toBe(isOpenEnum(schema));
    }
  });

  it('type the sandbox handler table and the examples: they compile as the definition is, and a renamed operation fails where it is named', async () => {
    const asItIs = compileErrors(source);
    expect(asItIs.errors).toEqual([]);

    const changed = await apiTypesSource(renamed(bundled(), RENAMED), '// test');
    const {errors} = compileErrors(changed, asItIs.program);
    expect(errors.filter((e) => e.startsWith(`${TABLE}:`))).toEqual([
      expect.stringContaining(`'${RENAMED}' does not exist in type`),
    ]);
    // The handler's type and its own lookups of its documented example, its fee and its hold name
    // the operation too (its body, no longer typed, fails where it is read as well).
    expect(errors.filter((e) => e.startsWith(`${HANDLER}:`) && e.includes(`"${RENAMED}"`))).toEqual([
      `${HANDLER}: Type '"${RENAMED}"' does not satisfy the constraint 'OperationId | undefined'.`,
      ...Array.from(
        {length: 3},
        () => `${HANDLER}: Argument of type '"${RENAMED}"' is not assignable to parameter of type 'OperationId'.`,
      ),
    ]);
    expect(errors.filter((e) => e.startsWith(`${EXAMPLE}:`))).toEqual([
      expect.stringContaining(`Type '"${RENAMED}"' is not assignable to type 'OperationId'`),
    ]);
  });

  it("type each sandbox handler's request body and the answer it makes: a renamed field fails where the handler reads or sets it", async () => {
    const definition = renamedField(renamedField(bundled(), BODY_SCHEMA, BODY_FIELD), ANSWER_SCHEMA, ANSWER_FIELD);
    const changed = await apiTypesSource(definition, '// test');
    expect(changed).toContain(`${BODY_FIELD}Renamed: string;`);
    expect(changed).toContain(`${ANSWER_FIELD}Renamed: components['schemas']['Money'];`);
    const {errors} = compileErrors(changed);
    expect(errors).toEqual([
      `${HANDLER}: Object literal may only specify known properties, and '${ANSWER_FIELD}' does not exist in type 'AnswerFields<"${RENAMED}">'.`,
      expect.stringMatching(
        new RegExp(
          `^${HANDLER}: Property '${BODY_FIELD}' does not exist on type '\\{ paymentMethodId: string;.* ${BODY_FIELD}Renamed: string; \\}'\\.$`,
        ),
      ),
    ]);
  });

  it('fail the sandbox when a handler a module exports is left out of its table, naming it', () => {
    const table = readFileSync(path.join(ROOT, TABLE), 'utf8');
    expect(table).toContain('\n  getEvents,\n');
    const {errors} = compileErrors(source, undefined, table.replace('\n  getEvents,\n', '\n'));
    expect(errors.filter((e) => e.startsWith(`${TABLE}:`))).toEqual([
      `${TABLE}: Type '"getEvents"' does not satisfy the constraint 'never'.`,
    ]);
  });

  it('refuse a definition without operations, with a clear error', async () => {
    await expect(apiTypesSource({paths: {}}, '')).rejects.toThrow('the definition has no operations in its paths.');
  });
});
