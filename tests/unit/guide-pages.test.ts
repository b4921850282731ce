/**
 * The 20 guide pages follow one set of page rules:
 *
 * - front matter with slug, title, sidebar_label and description; h2/h3 structure with no h1 and
 *   no skipped level; a final "## Next steps" section that is a list of links;
 * - language tabs that share the API reference's group (`code-samples`) and its values, so a
 *   reader's choice follows them from page to page and into the reference;
 * - a mermaid sequence diagram on every money-flow walkthrough and on the OAuth page, whose
 *   messages name declared participants;
 * - second person, present tense, short sentences, no marketing words;
 * - internal links only to published routes and to headings that exist; embedded example files
 *   that exist; MDX that compiles.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import {describe, it, expect} from 'vitest';
import {compile} from '@mdx-js/mdx';
import {resolveCodeFile} from '../../plugins/remark-code-file';
import {API_OVERVIEW_ROUTES} from '../../config/routes';
import {CODE_SAMPLE_LANGUAGES} from '../../config/code-sample-languages';
import {GUIDE_FILES, ROOT, definition, readPage, type Page} from './guide-http';
import {loadBundledDefinition} from './openapi-definition';
import {addCodeSamples} from '../../plugins/api-reference/code-samples.ts';
import {buildDefinition, findOperation} from '../../definition/index.ts';
import {operationPage} from '../../plugins/api-reference/page-data';

const PAGES = GUIDE_FILES.map(readPage);
const cases = PAGES.map((p) => [p.id, p] as const);
const slugOf = (p: Page) => String(p.frontMatter.slug);

/** Headings outside fenced blocks, with their level and text. */
function headings(p: Page): {level: number; text: string}[] {
  return [...p.prose.matchAll(/^(#{1,6}) (.+?)\s*$/gm)].map((m) => ({level: m[1]!.length, text: m[2]!}));
}

/** Heading ids as Docusaurus makes them (github-slugger over the heading's text). */
function anchorsOf(p: Page): Set<string> {
  const seen = new Map<string, number>();
  return new Set(
    headings(p).map(({text}) => {
      const plain = text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, '');
      const base = plain
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
        .replace(/ /g, '-');
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      return n === 0 ? base : `${base}-${n}`;
    }),
  );
}

describe('guide structure', () => {
  it.each(cases)('%s: has front matter, h2/h3 headings and ends with "## Next steps", a list of links', (_id, p) => {
    for (const key of ['slug', 'title', 'sidebar_label', 'description']) {
      expect(typeof p.frontMatter[key], key).toBe('string');
      expect(String(p.frontMatter[key]).trim(), key).not.toBe('');
    }
    const hs = headings(p);
    expect(
      hs.filter((h) => h.level === 1),
      'the title comes from front matter: no h1',
    ).toEqual([]);
    expect(hs[0]?.level, 'the first heading is an h2').toBe(2);
    for (let i = 1; i < hs.length; i++) {
      expect(hs[i]!.level - hs[i - 1]!.level, `"${hs[i]!.text}" skips a level`).toBeLessThanOrEqual(1);
    }
    const h2 = hs.filter((h) => h.level === 2);
    expect(h2.length).toBeGreaterThanOrEqual(3);
    expect(h2.at(-1)!.text).toBe('Next steps');
    expect(hs.at(-1)!.text, 'nothing below Next steps has a heading').toBe('Next steps');
    const nextSteps = p.prose
      .slice(p.prose.lastIndexOf('\n## Next steps\n') + '\n## Next steps\n'.length)
      .trim()
      .split('\n');
    expect(nextSteps.length).toBeGreaterThanOrEqual(2);
    for (const line of nextSteps) expect(line, 'each next step is a link in a list').toMatch(/^- \[[^\]]+\]\([^)]+\)/);
  });

  it.each(cases)('%s: every fenced block names its language, and every embedded file exists', (_id, p) => {
    for (const fence of p.fences) {
      expect(fence.lang, `line ${fence.line}`).not.toBe('');
      if (/(^|\s)file=/.test(fence.meta)) {
        expect(fence.body, `line ${fence.line}: a block with file= is empty`).toBe('');
        expect(
          resolveCodeFile(fence.meta, ROOT)?.value.trim().length,
          `line ${fence.line}: ${fence.meta}`,
        ).toBeGreaterThan(0);
      }
    }
  });

  it.each(cases)('%s: keeps { and < of running text in backticks, where MDX does not read them as code', (_id, p) => {
    const outsideCode = p.prose.replace(/`[^`\n]*`/g, '').replace(/<\/?(details|summary|Tabs|TabItem)\b[^>]*>/g, '');
    expect(outsideCode.split('\n').filter((line) => /[{}<]/.test(line))).toEqual([]);
  });

  it.each(cases)('%s: compiles as MDX', async (_id, p) => {
    await expect(compile(p.source.replace(/^---\n[\s\S]*?\n---\n/, ''), {format: 'mdx'})).resolves.toBeDefined();
  });
});

// ---------------------------------------------------------------------------------------------
// Language tabs
// ---------------------------------------------------------------------------------------------

/** The API reference's code sample languages (config/code-sample-languages.ts, which its pages' tabs read). */
const LANGUAGES = CODE_SAMPLE_LANGUAGES.map((l) => l.key);
const LABELS: Record<string, string> = {
  curl: 'curl',
  nodejs: 'Node.js',
  python: 'Python',
  go: 'Go',
  java: 'Java',
  php: 'PHP',
  ruby: 'Ruby',
  csharp: 'C#',
};
/** The fenced-block languages each tab may hold. */
const FENCES: Record<string, string[]> = {
  curl: ['bash', 'sh', 'shell'],
  nodejs: ['ts', 'typescript', 'js', 'javascript'],
  python: ['python', 'py'],
  go: ['go'],
  java: ['java'],
  php: ['php'],
  ruby: ['ruby', 'rb'],
  csharp: ['csharp', 'cs'],
};
/** The group the API reference's code samples use; the choice is stored as docusaurus.tab.code-samples. */
const GROUP = 'code-samples';

function attributes(tag: string): Record<string, string> {
  return Object.fromEntries([...tag.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

describe('language tabs', () => {
  it('are the values of the API reference code samples', async () => {
    // The tabs an operation page draws, in order, as its generator writes them.
    const bundle = structuredClone(loadBundledDefinition());
    await addCodeSamples(bundle);
    const model = buildDefinition(bundle);
    const page = operationPage(model, findOperation(model, 'issue-invoice'));
    expect(page.samples.map((sample) => sample.language)).toEqual(LANGUAGES);
    expect(LANGUAGES).toEqual(['curl', 'nodejs', 'python', 'go', 'java', 'php', 'ruby', 'csharp']);
  });

  it('are used somewhere, so that the check below reads real tabs', () => {
    expect(PAGES.filter((p) => p.source.includes('<Tabs')).length).toBeGreaterThanOrEqual(1);
  });

  it.each(cases)('%s: every <Tabs> uses groupId="code-samples" and the reference values and labels', (_id, p) => {
    const errors: string[] = [];
    const source = p.source;
    const usesTabs = /<Tabs[\s>]/.test(source);
    if (usesTabs) {
      if (!source.includes("import Tabs from '@theme/Tabs';")) errors.push('Tabs is not imported from @theme/Tabs');
      if (!source.includes("import TabItem from '@theme/TabItem';"))
        errors.push('TabItem is not imported from @theme/TabItem');
    }
    for (const [, open, inner] of source.matchAll(/(<Tabs\b[^>]*>)([\s\S]*?)<\/Tabs>/g)) {
      const attrs = attributes(open!);
      if (attrs.groupId !== GROUP) errors.push(`${open}: groupId is not "${GROUP}"`);
      const values: string[] = [];
      for (const [, itemTag, body] of inner!.matchAll(/(<TabItem\b[^>]*>)([\s\S]*?)<\/TabItem>/g)) {
        const item = attributes(itemTag!);
        values.push(item.value!);
        if (!LANGUAGES.includes(item.value!)) errors.push(`${itemTag}: value is not one of ${LANGUAGES.join(', ')}`);
        else if (item.label !== LABELS[item.value!]) errors.push(`${itemTag}: label is not "${LABELS[item.value!]}"`);
        for (const [, lang] of body!.matchAll(/^ {0,3}```(\w+)/gm)) {
          if (FENCES[item.value!] && !FENCES[item.value!]!.includes(lang!))
            errors.push(`${itemTag}: holds a ${lang} block`);
        }
      }
      if (new Set(values).size !== values.length) errors.push(`${open}: a value repeats`);
      // Tabs in the reference's order, so that the first tab is the same everywhere.
      const order = values.map((v) => LANGUAGES.indexOf(v));
      if (order.some((n, i) => i > 0 && n < order[i - 1]!))
        errors.push(`${open}: tabs are not in the order ${LANGUAGES.join(', ')}`);
    }
    if ((source.match(/<Tabs\b/g) ?? []).length !== (source.match(/<\/Tabs>/g) ?? []).length)
      errors.push('a <Tabs> is not closed');
    expect(errors).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Sequence diagrams
// ---------------------------------------------------------------------------------------------

const DIAGRAM_PAGES = [
  'walkthrough/receiving-payments',
  'walkthrough/sending-payments',
  'walkthrough/making-payouts',
  'walkthrough/exchanging-currencies',
  'walkthrough/directing-payments-third-party',
  'kestrel-oauth-connect',
];

describe('sequence diagrams', () => {
  it.each(DIAGRAM_PAGES.map((id) => [id] as const))('%s: has a mermaid sequenceDiagram', (id) => {
    const p = PAGES.find((x) => x.id === id)!;
    expect(p.fences.filter((f) => f.lang === 'mermaid' && /^sequenceDiagram\n/.test(f.body))).not.toHaveLength(0);
  });

  it.each(cases)('%s: every diagram message is between declared participants', (_id, p) => {
    const errors: string[] = [];
    for (const fence of p.fences.filter((f) => f.lang === 'mermaid')) {
      const declared = new Set([...fence.body.matchAll(/^\s*(?:participant|actor) (\S+)/gm)].map((m) => m[1]!));
      for (const [, from, to] of fence.body.matchAll(/^\s*([^\s>-]+)\s*--?>>?\+?-?\s*([^\s:]+)\s*:/gm)) {
        for (const who of [from!, to!])
          if (!declared.has(who)) errors.push(`line ${fence.line}: ${who} is not declared`);
      }
    }
    expect(errors).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

const MARKETING = [
  'seamless',
  'seamlessly',
  'powerful',
  'simply',
  'easy',
  'easily',
  'effortless',
  'effortlessly',
  'cutting-edge',
  'world-class',
  'revolutionary',
  'best-in-class',
  'state-of-the-art',
  'next-generation',
  'game-changing',
  'innovative',
  'blazing',
  'robust',
  'leverage',
  'unparalleled',
];

/** Prose to judge the wording of: no code spans, no link targets, no quoted messages to end users. */
function wording(p: Page): string {
  return [String(p.frontMatter.description), p.prose]
    .join('\n')
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/"[^"\n]*"/g, ' ');
}

/** Sentences of running text: paragraphs, list items and table cells split at sentence ends. */
function sentences(p: Page): string[] {
  return wording(p)
    .split('\n')
    .flatMap((line) => line.split('|'))
    .flatMap((part) => part.replace(/^\s*(?:[-*]|\d+\.|#+)\s+/, '').split(/(?<=[.!?:;])\s+/))
    .map((s) => s.trim())
    .filter((s) => /[a-z]/i.test(s));
}

describe('writing', () => {
  it.each(cases)('%s: uses no marketing words', (_id, p) => {
    const text = wording(p).toLowerCase();
    expect(MARKETING.filter((word) => new RegExp(`(^|[^\\w-])${word}([^\\w-]|$)`).test(text))).toEqual([]);
  });

  it.each(cases)('%s: speaks to the reader in the present tense, not as "we"', (_id, p) => {
    const text = wording(p);
    expect(sentences(p).filter((s) => /\b([Ww]e|[Ww]e'(?:ll|re|ve)|[Oo]urs?|us|[Ll]et's)\b/.test(s))).toEqual([]);
    expect(sentences(p).filter((s) => /\b(will|won't|[A-Za-z]+'ll)\b/i.test(s))).toEqual([]);
    expect(text.match(/\byour?\b/gi)?.length ?? 0).toBeGreaterThanOrEqual(5);
  });

  it.each(cases)('%s: names only Node versions package.json supports (22 and later)', (_id, p) => {
    expect(p.prose.match(/\bNode(?:\.js)? (?:1\d|2[01])\b[^\n]*/g) ?? []).toEqual([]);
  });

  it.each(cases)('%s: writes short sentences', (_id, p) => {
    const lengths = sentences(p).map((s) => s.split(/\s+/).length);
    const long = sentences(p).filter((s) => s.split(/\s+/).length > 40);
    expect(long).toEqual([]);
    expect(lengths.reduce((a, b) => a + b, 0) / lengths.length).toBeLessThanOrEqual(18);
  });
});

// ---------------------------------------------------------------------------------------------
// Terms: one word for one thing across the guides
// ---------------------------------------------------------------------------------------------

/** Running text: prose without code spans, link targets and quoted messages. */
const runningText = (p: Page) =>
  p.prose
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/"[^"\n]*"/g, ' ');

describe('terms', () => {
  it.each(cases)('%s: says "answer", never "response", for what Kestrel sends back', (_id, p) => {
    expect(runningText(p).match(/[^\n]*\b[Rr]esponses?\b[^\n]*/g) ?? []).toEqual([]);
  });

  it.each(cases)('%s: writes "id", never "ID"', (_id, p) => {
    expect(runningText(p).match(/[^\n]*\bIDs?\b[^\n]*/g) ?? []).toEqual([]);
  });

  it.each(cases)('%s: names each operation it links by its title in the reference, in one style', (_id, p) => {
    const errors: string[] = [];
    for (const [, text, slug] of p.prose.matchAll(/\[([^\]]+)\]\(\/api\/([a-z0-9-]+)\)/g)) {
      const op = def.bySlug(slug!);
      const hook = def.webhooks.find((w) => w.slug === slug);
      const title = String((op ?? hook)?.node.summary ?? '');
      if (!title) continue;
      if (text!.toLowerCase() !== title.toLowerCase())
        errors.push(`[${text}](/api/${slug}): the link text is not the title "${title}"`);
    }
    expect(errors).toEqual([]);
  });

  it.each(cases)('%s: says which way each exchange rate it shows counts', (_id, p) => {
    const shows = p.fences.some((f) => f.lang === 'json' && /"exchangeRate": "/.test(f.body));
    if (!shows) return;
    const explained = p.prose.split(/(?<=\.)\s+/).some((s) => s.includes('`exchangeRate`') && /\bper\b/.test(s));
    expect(explained, 'a sentence with `exchangeRate` and "per"').toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Links
// ---------------------------------------------------------------------------------------------

const def = definition();
const GUIDE_ROUTES = new Map(PAGES.map((p) => [slugOf(p), p]));
/** The reference's hand-written pages, whose headings are written like a guide's: a guide may link them. */
const API_OVERVIEW_PAGES = new Map([['/api/introduction', readPage('api/introduction.mdx')]]);
const API_ROUTES = new Set<string>([
  ...API_OVERVIEW_ROUTES,
  ...def.operations.map((op) => `/api/${op.slug}`),
  // The reference also has a page per webhook event.
  ...def.webhooks.map((w) => `/api/${w.slug}`),
]);

describe('links', () => {
  it("know the definition's operation pages and the 8 webhook event pages of the reference", () => {
    expect(API_ROUTES).toContain('/api/issue-invoice');
    expect(API_ROUTES.size).toBe(API_OVERVIEW_ROUTES.length + def.operations.length + def.webhooks.length);
    expect(def.webhooks.map((w) => w.slug).sort()).toEqual([
      'currency-exchange-quote-updated-webhook',
      'deposit-updated-webhook',
      'invoice-created-webhook',
      'invoice-updated-webhook',
      'payment-updated-webhook',
      'payout-updated-webhook',
      'receive-request-receive-completed-webhook',
      'receive-request-receive-pending-webhook',
    ]);
  });

  it.each(cases)('%s: links only to published routes, to headings that exist, and to kestrel.example', (_id, p) => {
    const errors: string[] = [];
    for (const [, target] of p.prose.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (target!.startsWith('pathname:///')) {
        // A file the site serves as it is (the definition, the API's types): one the build copies from static/.
        const file = target!.slice('pathname:///'.length);
        if (!existsSync(path.join(ROOT, 'static', file))) errors.push(`${target}: not a file in static/`);
      } else if (target!.startsWith('mailto:')) {
        if (!/@kestrel\.example$/.test(target!)) errors.push(`${target}: not a Kestrel address`);
      } else if (/^[a-z]+:/.test(target!)) {
        const url = new URL(target!);
        if (url.protocol !== 'https:' || !/(^|\.)kestrel\.example$/.test(url.hostname))
          errors.push(`${target}: not an https kestrel.example page`);
      } else {
        const [route, anchor] = target!.split('#') as [string, string | undefined];
        const page = route === '' ? p : (GUIDE_ROUTES.get(route) ?? API_OVERVIEW_PAGES.get(route));
        if (route !== '' && !page && !API_ROUTES.has(route)) errors.push(`${target}: not a published route`);
        if (anchor !== undefined) {
          if (!page) errors.push(`${target}: an anchor into the API reference, whose headings are generated`);
          else if (!anchorsOf(page).has(anchor))
            errors.push(`${target}: no heading "${anchor}" on ${route || slugOf(page)}`);
        }
      }
    }
    expect(errors).toEqual([]);
  });
});
