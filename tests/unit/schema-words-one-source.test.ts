/**
 * A constraint is worded in one place (config/schema-words.ts): change the word for a count of
 * characters there, and the operation page's data, its Markdown twin, the "Try it" hint, the MCP
 * server's get_operation and the local sandbox's answer all say the new word, with no other edit.
 * The bound used is `$filter`'s `maxLength` on get-invoices, read from the definition.
 */
import {afterEach, beforeAll, afterAll, describe, expect, it} from 'vitest';
import {CHARACTERS, asSentence, rangeWords} from '../../config/schema-words';
import {buildDefinition, findOperation, type JsonObject} from '../../definition/index.ts';
import {describeOperation} from '../../mcp/describe-operation';
import {operationPage} from '../../plugins/api-reference/page-data';
import {OpenApiMarkdown} from '../../plugins/llms-txt/openapi-markdown';
import {constraintsOf} from '../../src/components/TryIt/hint';
import {loadBundledDefinition} from './openapi-definition';
import {sandboxWithReceiver} from './sandbox-in-process';

const model = buildDefinition(structuredClone(loadBundledDefinition()) as JsonObject);
const operation = findOperation(model, 'get-invoices');
const limit = operation.parameters.query.find((p) => p.name === '$filter')!.schema.maxLength!;
const sandbox = sandboxWithReceiver({rateLimit: false}, (_, res) => res.end());
beforeAll(sandbox.start);
afterAll(sandbox.stop);

const {one, other} = CHARACTERS;
afterEach(() => Object.assign(CHARACTERS, {one, other}));

/** What each reader says about `$filter` today. */
async function everywhere() {
  const page = operationPage(model, operation);
  const row = page.parameters.query.find((p) => p.name === '$filter')!;
  const twin = new OpenApiMarkdown(model, '').operationPage(operation).markdown;
  const hint = constraintsOf(page.tryIt.parameters.find((p) => p.name === '$filter')!);
  const mcp = describeOperation(operation, new Map(), undefined);
  const answer = await sandbox.call('GET', `/v1/invoices?$filter=${'a'.repeat(limit + 1)}`);
  return {
    page: row.facts,
    twin: twin.split('\n').find((line) => line.startsWith('| `$filter` |'))!,
    hint,
    mcp: mcp.split('\n').find((line) => line.startsWith('- query `$filter`'))!,
    sandbox: `${answer.status} ${answer.body.code} ${answer.body.detail}`,
  };
}

describe("one wording of $filter's maxLength", () => {
  it('is the same words on the page, in the twin, in the hint, from MCP and from the sandbox', async () => {
    const words = rangeWords(undefined, limit, CHARACTERS)!;
    expect(words).toBe(`at most ${limit} characters`);
    const said = await everywhere();
    expect(said.page).toContain(asSentence(words));
    expect(said.twin).toContain(` ${asSentence(words)} `);
    expect(said.hint).toBe(`string, ${words}`);
    expect(said.mcp).toContain(`: string, ${words}.`);
    expect(said.sandbox).toBe(`400 INVALID_QUERY_OPTION The query option $filter is invalid: Must be ${words}.`);
  });

  it("changes everywhere when config/schema-words.ts's word for characters changes, and nowhere else", async () => {
    const before = await everywhere();
    Object.assign(CHARACTERS, {other: 'UTF-16 code units'});
    const after = await everywhere();
    const swap = (text: string) => text.replace(`${limit} characters`, `${limit} UTF-16 code units`);
    expect(after).toEqual({
      page: before.page.map(swap),
      twin: swap(before.twin),
      hint: swap(before.hint),
      mcp: swap(before.mcp),
      sandbox: swap(before.sandbox),
    });
    for (const said of [after.page.join(' '), after.twin, after.hint, after.mcp, after.sandbox]) {
      expect(said).toContain(`${limit} UTF-16 code units`);
    }
  });
});
