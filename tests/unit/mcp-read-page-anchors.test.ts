/**
 * read_page's `#anchor`, on a small build shaped like the site's: a heading id opens its heading's
 * section of the twin (a section per response status on an API page); an id on a field opens the
 * section it lies in, one on a catalogue row opens that row under its table's header; the root
 * page answers as `/` and as `/index.md`; an anchor the page lacks gets an error that offers only
 * sections that open. A page cut down to its anchor elements (what a packed server keeps) opens
 * every anchor as the whole page does.
 */
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, describe, expect, test} from 'vitest';
import {readPage, type PageAnswer} from '../../mcp/read-page';
import {anchorElements, sectionOf} from '../../mcp/sections';
import {SiteBuild} from '../../mcp/site-build';
import {smallBuild} from './mcp-tools-client';

const build = smallBuild();
afterAll(() => build.remove());

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(build.dir, file)), {recursive: true});
  writeFileSync(path.join(build.dir, file), text);
};

// Minified as the build writes it: unquoted attributes, a hash link in each heading.
const hash = (id: string) => `<a href=#${id} class=hash-link aria-label="Direct link">\u200b</a>`;
write(
  'api/create-thing/index.html',
  `<main id=__skip><h1>Create a thing</h1><p>Creates it.
<h2 class=anchor id=responses>Responses${hash('responses')}</h2>
<section><h3 id=response-201>201${hash('response-201')}</h3><ul><li class=api-field id=response-201.amount.currency><a href=#response-201.amount.currency>currency</a></ul></section>
<section><h3 id=response-404>404${hash('response-404')}</h3><p>Not found.</section>
<h2 id=missing-in-twin>Only on the page</h2></main>`,
);
write(
  'api/create-thing.md',
  [
    '# Create a thing',
    '',
    'Creates it.',
    '',
    '## Responses',
    '',
    '### 201',
    '',
    '| Field | Type |',
    '| --- | --- |',
    '| `amount.currency` | string |',
    '',
    '### 404',
    '',
    '`THING_NOT_FOUND`: Not found.',
    '',
  ].join('\n'),
);
write(
  'api/introduction/index.html',
  `<h2 id=error-codes>Error codes${hash('error-codes')}</h2><table><thead><tr><th>Code<th>Status<tbody>
<tr id=error-THING_NOT_FOUND data-error-code=THING_NOT_FOUND><th scope=row><code>THING_NOT_FOUND</code><td>404
<tr id=error-RATE_LIMITED><th scope=row><code>RATE_LIMITED</code><td>429</table>
<h2 id=changes>Changes</h2><ul><li id=change-1>Added <code>amount</code>.</ul>`,
);
write(
  'api/introduction.md',
  [
    '# Introduction',
    '',
    '## Error codes',
    '',
    'Branch on `code`.',
    '',
    '| Code | Status |',
    '| --- | --- |',
    '| `THING_NOT_FOUND` | 404 |',
    '| `RATE_LIMITED` | 429 |',
    '',
    '## Changes',
    '',
    '- Added `amount`.',
    '',
  ].join('\n'),
);
write(
  'index.html',
  `<h1>Kestrel</h1><h2 id=idempotency>Idempotency${hash('idempotency')}</h2><p>Send a key.
<h3 id=nodejs>Node.js</h3><p>First.<h2 id=more>More</h2><h3 id=nodejs-1>Node.js</h3><p>Second.`,
);
write(
  'index.md',
  '# Kestrel\n\n## Idempotency\n\nSend a key.\n\n### Node.js\n\nFirst.\n\n## More\n\n### Node.js\n\nSecond.\n',
);

const site = new SiteBuild(build.dir);
const text = (answer: PageAnswer) => {
  if (!answer.ok) throw new Error(answer.error);
  return answer.text;
};

describe('a heading id opens its section of the twin', () => {
  test('a response status of an operation page, in both route forms', () => {
    for (const route of ['/api/create-thing#response-404', '/api/create-thing.md#response-404']) {
      expect(readPage(site, route)).toMatchObject({
        ok: true,
        route: '/api/create-thing#response-404',
        text: '### 404\n\n`THING_NOT_FOUND`: Not found.\n',
      });
    }
    expect(text(readPage(site, '/api/create-thing#responses'))).toMatch(/^## Responses\n[\s\S]*### 201[\s\S]*### 404/);
  });

  test('the root page as / and as /index.md', () => {
    for (const route of ['/#idempotency', '/index.md#idempotency', 'https://docs.kestrel.example/#idempotency']) {
      expect(readPage(site, route)).toMatchObject({
        ok: true,
        route: '/#idempotency',
        text: '## Idempotency\n\nSend a key.\n\n### Node.js\n\nFirst.\n',
      });
    }
  });

  test('a heading whose text repeats opens the same occurrence in the twin', () => {
    expect(text(readPage(site, '/#nodejs'))).toBe('### Node.js\n\nFirst.\n');
    expect(text(readPage(site, '/#nodejs-1'))).toBe('### Node.js\n\nSecond.\n');
  });
});

describe('an id on something other than a heading', () => {
  test('a field of an API page opens the section it lies in, escaped or not', () => {
    for (const route of [
      '/api/create-thing#response-201.amount.currency',
      '/api/create-thing.md#response-201.amount\\.currency',
    ]) {
      expect(text(readPage(site, route))).toBe(
        '### 201\n\n| Field | Type |\n| --- | --- |\n| `amount.currency` | string |\n',
      );
    }
  });

  test('a catalogue row opens that row, under its section heading and its table header', () => {
    expect(text(readPage(site, '/api/introduction#error-RATE_LIMITED'))).toBe(
      '## Error codes\n\n| Code | Status |\n| --- | --- |\n| `RATE_LIMITED` | 429 |\n',
    );
    expect(text(readPage(site, '/api/introduction.md#error-THING_NOT_FOUND'))).toContain('| `THING_NOT_FOUND` | 404 |');
  });

  test('a list item opens the section it lies in', () => {
    expect(text(readPage(site, '/api/introduction#change-1'))).toBe('## Changes\n\n- Added `amount`.\n');
  });

  test('an id before any heading (the skip link’s target) opens the whole page', () => {
    expect(text(readPage(site, '/api/create-thing#__skip'))).toMatch(/^# Create a thing\n[\s\S]*### 404/);
  });
});

describe('an anchor that does not open', () => {
  test('the error offers only the sections that open, never the one refused', () => {
    const answer = readPage(site, '/api/create-thing#missing-in-twin');
    expect(answer.ok).toBe(false);
    const error = answer.ok ? '' : answer.error;
    expect(error).toContain('/api/create-thing has no section #missing-in-twin. Its sections: ');
    expect(error).not.toMatch(/Its sections:.*#missing-in-twin/);
    const offered = [...error.matchAll(/#[\w.-]+(?=[,;])/g)].map((m) => m[0]);
    expect(offered.sort()).toEqual(['#response-201', '#response-404', '#responses']);
    for (const id of offered) expect(readPage(site, `/api/create-thing${id}`).ok, id).toBe(true);
  });

  test('an id no element of the page has is refused', () => {
    expect(readPage(site, '/api/introduction#error-NOPE')).toMatchObject({ok: false});
  });

  test('a page with no sections that open says so', () => {
    write('plain.md', '# Plain\n\nNo headings.\n');
    write('plain/index.html', '<h1>Plain</h1><p>No headings.');
    expect(readPage(site, '/plain#intro')).toEqual({
      ok: false,
      error: '/plain has no section #intro. It has no sections to open by anchor: read the page without one.',
    });
  });
});

test('a page cut down to its anchor elements opens every anchor as the whole page does', () => {
  for (const page of ['api/create-thing', 'api/introduction', '']) {
    const html = readFileSync(path.join(build.dir, page, 'index.html'), 'utf8');
    const markdown = readFileSync(path.join(build.dir, `${page || 'index'}.md`), 'utf8');
    const cut = anchorElements(html).join('\n');
    expect(cut.length).toBeLessThan(html.length);
    const ids = [...html.matchAll(/\sid=([^\s>]+)/g)].map((m) => m[1]!);
    expect(ids.length).toBeGreaterThan(2);
    for (const id of ids) expect(sectionOf(markdown, cut, id), `${page}#${id}`).toBe(sectionOf(markdown, html, id));
  }
  expect(anchorElements(readFileSync(path.join(build.dir, 'api/introduction/index.html'), 'utf8'))).toContain(
    '<tr id=error-RATE_LIMITED><th scope=row><code>RATE_LIMITED</code></tr>',
  );
});
