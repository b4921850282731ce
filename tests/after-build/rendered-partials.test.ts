/**
 * The parts of the guides rendered from their source (plugins/rendered-partials), in the build as a
 * reader, a model and the MCP server get them: the idempotency outcomes on `/` (the definition's
 * x-idempotency) and the sandbox's test inputs and local differences on /sandbox/
 * (sandbox/test-inputs.ts, sandbox/local-differences.ts). Each page's Markdown twin and
 * llms-full.txt hold the lines the source renders to, in order; the HTML lays each reference table
 * out for a phone (`data-stacked`, the test inputs folded by group), and read_page opens a group.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {PARTIALS} from '../../plugins/rendered-partials/partials';
import {TEST_INPUTS} from '../../sandbox/test-inputs';
import {SiteBuild} from '../../mcp/site-build';
import {readPage} from '../../mcp/read-page';

const BUILD = path.resolve(__dirname, '../../build');
const read = (file: string) => readFileSync(path.join(BUILD, file), 'utf8');
const llmsFull = read('llms-full.txt');

/** The lines of a rendered part that a twin keeps: its text, without the <ReferenceTable> wrappers, table rules as `| - |`. */
const linesOf = (name: string): string[] =>
  PARTIALS[name]!()
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^<\/?ReferenceTable\b/.test(line))
    .map((line) => (/^\|( --- \|)+$/.test(line) ? line.replace(/---/g, '-') : line));

/** Whether `lines` are lines of `text`, one after the other. */
function expectInOrder(text: string, lines: string[], where: string): void {
  const all = text.split('\n');
  let at = all.indexOf(lines[0]!);
  expect(at, `${where}: ${lines[0]}`).toBeGreaterThanOrEqual(0);
  for (const line of lines.slice(1)) {
    const next = all.indexOf(line, at + 1);
    expect(next, `${where}: ${line}`).toBeGreaterThan(at);
    at = next;
  }
}

/** The reference tables a built page draws as entries on a phone. */
const stackedTables = (html: string) => html.match(/<table[^>]*data-stacked/g)?.length ?? 0;
/** The folds around them ("6 test inputs"). */
const testInputFolds = (html: string) => html.match(/\d+ test inputs/g)?.length ?? 0;

describe.each([
  {route: '/', twin: 'index.md', html: 'index.html', parts: ['idempotency-outcomes']},
  {
    route: '/sandbox/',
    twin: 'sandbox.md',
    html: 'sandbox/index.html',
    parts: ['sandbox-test-inputs', 'local-sandbox-differences'],
  },
])('$route', ({twin, html, parts}) => {
  it.each(parts)('its Markdown twin and llms-full.txt hold %s as its source renders it', (name) => {
    const lines = linesOf(name);
    expect(lines.length).toBeGreaterThan(2);
    expectInOrder(read(twin), lines, twin);
    expectInOrder(llmsFull, lines, 'llms-full.txt');
  });

  it('draws every reference table of its parts as entries on a phone', () => {
    const wrapped = parts.map((name) => PARTIALS[name]!().match(/^<ReferenceTable\b/gm)?.length ?? 0);
    const page = read(html);
    expect(stackedTables(page)).toBeGreaterThanOrEqual(wrapped.reduce((a, b) => a + b, 0));
  });
});

describe('the test inputs on /sandbox/', () => {
  it('fold each group behind its count, one fold per group', () => {
    const groups = new Set(TEST_INPUTS.map((row) => row.group));
    expect(testInputFolds(read('sandbox/index.html'))).toBe(groups.size);
    for (const group of groups) {
      const count = TEST_INPUTS.filter((row) => row.group === group).length;
      if (count > 1) expect(read('sandbox/index.html')).toContain(`${count} test inputs`);
    }
  });

  it('are in the table of contents, and read_page opens a group with its rows', () => {
    const page = read('sandbox/index.html');
    expect(page).toMatch(/<a href="?#receive-requests"? class="table-of-contents__link/);
    const answer = readPage(new SiteBuild(BUILD), '/sandbox#receive-requests');
    expect(answer.ok).toBe(true);
    const text = answer.ok ? answer.text : '';
    const rows = linesOf('sandbox-test-inputs');
    const start = rows.indexOf('### Receive requests');
    const groupRows = rows.slice(
      start + 1,
      rows.findIndex((l, i) => i > start && l.startsWith('### ')),
    );
    expect(groupRows.filter((l) => l.startsWith('| ')).length).toBeGreaterThan(2);
    for (const row of groupRows) expect(text).toContain(row);
  });
});
