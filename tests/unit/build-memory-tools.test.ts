/**
 * The scale bench's memory tools: the phases read from Docusaurus's [PERF] lines
 * (bench/memory-phases.mjs) and the package a heap profile's allocation belongs to
 * (tooling/heap-profile-summary.mjs). Their figures go into the closing notes, so a misread
 * line or path must show here, not as a wrong table.
 */
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {memoryByPhase, phasesOf} from '../../bench/memory-phases.mjs';
import {bytesByOwner, ownerOf} from '../../tooling/heap-profile-summary.mjs';

const yellow = (s: string) => `\x1b[33m${s}\x1b[39m`;

describe('memory by phase (bench/memory-phases.mjs)', () => {
  const lines = [
    {t: 2, line: `${yellow('[PERF]')} Build > en > Load site - 1.10 seconds! - (Heap 86mb -> 194mb / Total 235mb)`},
    {
      t: 2.1,
      line: `${yellow('[PERF]')} Build > en > Load site > Load plugins - 900.00 ms - (Heap 86mb -> 150mb / Total 200mb)`,
    },
    {
      t: 22,
      line: `${yellow('[PERF]')} Build > en > Bundling with rspack - 20.00 seconds! - (Heap 189mb -> 250mb / Total 311mb)`,
    },
    {t: 22.5, line: '[INFO] not a phase'},
    {
      t: 23,
      line: `${yellow('[PERF]')} Build > en > Deleting server bundle - 500.00 ms - (Heap 250mb -> 250mb / Total 311mb)`,
    },
  ];

  it("reads each locale's top-level phases with their start and end, not their sub-steps", () => {
    expect(phasesOf(lines)).toEqual([
      {label: 'Load site', start: 2 - 1.1, end: 2},
      {label: 'Bundling with rspack', start: 2, end: 22},
      {label: 'Deleting server bundle', start: 22.5, end: 23},
    ]);
  });

  it('gives each phase the figures of its RSS peak: heaps, Buffers and the native rest, in MiB', () => {
    const MiB = 2 ** 20;
    const startedAt = 1_000_000;
    const row = (
      s: number,
      pid: number,
      thread: number,
      rss: number,
      heapTotal: number,
      heapUsed: number,
      external: number,
      script: string,
    ) =>
      [startedAt + s * 1000, pid, thread, rss * MiB, heapTotal * MiB, heapUsed * MiB, external * MiB, 0, script].join(
        '\t',
      );
    const log = path.join(mkdtempSync(path.join(tmpdir(), 'memory-phases-')), 'memory.tsv');
    writeFileSync(
      log,
      [
        row(1, 7, 0, 300, 200, 150, 20, 'docusaurus.mjs'),
        row(10, 7, 0, 4000, 300, 250, 100, 'docusaurus.mjs'),
        row(21, 7, 0, 3500, 300, 250, 100, 'docusaurus.mjs'),
        row(10, 9, 0, 999_999, 1, 1, 1, 'npx'),
      ].join('\n'),
    );
    const table = memoryByPhase(lines, log, startedAt).split('\n');
    expect(table[2]).toBe('| Load site | 1.1 | 300 | 150 / 200 | – | 20 | 80 |');
    expect(table[3]).toBe('| Bundling with rspack | 20.0 | 4000 | 250 / 300 | – | 100 | 3600 |');
  });
});

describe('heap profile by package (tooling/heap-profile-summary.mjs)', () => {
  it('names the package of an allocation site, scoped or not, or the site, Node or V8', () => {
    const owners: [site: string, owner: string][] = [
      ['file:///w/node_modules/@docusaurus/core/lib/ssg/ssgRenderer.js', '@docusaurus/core'],
      ['file:///w/node_modules/.pnpm/x/node_modules/cheerio/dist/index.js', 'cheerio'],
      ['node:internal/fs/promises', '(node internals)'],
      ['/tmp/site/build/__server/server.bundle.js', '(server bundle)'],
      ['server.bundle.js', '(server bundle)'],
      ['/tmp/site/plugins/search-local.ts', '(site) search-local.ts'],
      ['', '(V8 / native)'],
    ];
    for (const [site, owner] of owners) expect(ownerOf(site), site).toBe(owner);
  });

  it('sums the bytes still allocated per package, largest first', () => {
    const frame = (url: string) => ({functionName: 'f', url, lineNumber: 0, columnNumber: 0, scriptId: 0});
    const profile = {
      head: {
        callFrame: frame(''),
        selfSize: 0,
        children: [
          {
            callFrame: frame('/n/node_modules/cheerio/a.js'),
            selfSize: 300,
            children: [{callFrame: frame('/n/node_modules/cheerio/b.js'), selfSize: 200}],
          },
          {callFrame: frame('/n/node_modules/lunr/lunr.js'), selfSize: 100},
        ],
      },
    };
    expect(bytesByOwner(profile)).toEqual({
      total: 600,
      owners: [
        ['cheerio', 500],
        ['lunr', 100],
      ],
    });
  });
});
