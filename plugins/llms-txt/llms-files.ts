/**
 * The text of /llms.txt (llmstxt.org layout) and /llms-full.txt. Pure functions: plugins/llms-txt
 * gathers the pages and writes the files.
 */
import {twinPath} from '../../config/twin-path';

export type Link = {title: string; route: string; description: string};

export type Header = {
  title: string;
  /** The blockquote: the portal in one paragraph. */
  summary: string;
  details: string;
};

const item = (title: string, url: string, description: string) =>
  `- [${title}](${url})${description ? `: ${description.replace(/\s*\n\s*/g, ' ')}` : ''}`;

/**
 * `# Title`, `> summary`, details, then one `## ` section per group of links, each link to a
 * page's Markdown twin with a one-line description; then the sections of `fileSections`, and
 * `## Optional`, which link plain files (a workflow document, the definition). Routes carry the
 * site's baseUrl; `origin` is the site's URL without it (`https://docs.kestrel.example`).
 */
export function llmsTxt(
  header: Header,
  sections: {name: string; links: Link[]}[],
  optional: Link[],
  origin: string,
  fileSections: {name: string; links: Link[]}[] = [],
): string {
  const files = (name: string, links: Link[]) =>
    `## ${name}\n\n${links.map((l) => item(l.title, `${origin}${l.route}`, l.description)).join('\n')}`;
  return (
    [
      `# ${header.title}`,
      `> ${header.summary}`,
      header.details,
      ...sections.map(
        (s) =>
          `## ${s.name}\n\n${s.links.map((l) => item(l.title, `${origin}${twinPath(l.route)}`, l.description)).join('\n')}`,
      ),
      ...fileSections.map((s) => files(s.name, s.links)),
      files('Optional', optional),
    ].join('\n\n') + '\n'
  );
}

/** A schema table of an API twin: the `Schema X...` line and the table under it. */
const SCHEMA_TABLE = /^Schema `([^`]+)`[^\n]*\n\n(?:\|[^\n]*\n)+/gm;

/**
 * The header of llms.txt, then every twin in llms.txt's order, each after a `Source:` line with
 * its address. llms.txt's link lists are left out: the twins themselves follow.
 *
 * API twins repeat the tables of shared schemas: `Invoice` is spelled out on the six invoice
 * operations. Here a table that already appeared word for word points back to its first page
 * instead; that keeps the file within its budget (fullBytesBudget) without dropping anything.
 */
export function llmsFullTxt(header: Header, twins: {link: Link; markdown: string; url: string}[]): string {
  const seen = new Map<string, Link>();
  const parts = twins.map(({link, markdown, url}) => {
    const body = markdown.trim().replace(SCHEMA_TABLE, (table: string, name: string) => {
      const first = seen.get(table);
      if (!first) {
        seen.set(table, link);
        return table;
      }
      return `Schema \`${name}\`: the fields listed under [${first.title}](${twinPath(first.route)}) above.\n`;
    });
    return `Source: ${url}\n\n${body}\n`;
  });
  return [`# ${header.title}\n\n> ${header.summary}\n\n${header.details}\n`, ...parts].join('\n---\n\n');
}

/** What llms-full.txt may weigh: a share for the guides and overview pages, and one per API page. */
export type FullBudget = {fixedBytes: number; bytesPerApiPage: number};

/**
 * The site's budget: a share for the guides and the API overview pages, and one per API page, so a
 * bigger API still builds while a twin that swells fails it. The guides' share is large because an
 * assistant needs these whole: every walkthrough step's call in curl, Node.js and Python; the
 * sandbox's table of test inputs, which an assistant writing tests needs; the contract pages (the
 * idempotency outcomes, per-subscription delivery state, the receivers' dead-letter policy, the
 * order keys, the money rules); the procedures that hold through a fault; the tools for assistants
 * and webhook handlers; and, on the API introduction, the versioning policy and the changelog, which
 * grows with each release. 9.5 KB of the fixed share pay for each operation twin's example request
 * being its page's cURL sample (the key passed through printf, a new Idempotency-Key, a time limit)
 * instead of a shorter command with the key in curl's arguments. 2.5 KB pay for the changelog's
 * changes that a release's notes declare (of pricing, rounding, what a key keeps, delivery state)
 * and its fixes to every version, each with its note. 4 KB pay for the introduction's versions:
 * pinning a release, upgrading, the support table and the fixes to every version. The file's size
 * is not written here: `npm run bench:scale -- 1` prints it, and tests/e2e/llms.spec.ts holds the
 * build to this budget.
 * 500 bytes of each API page's share pay for the version every operation takes and answers: the
 * `Kestrel-Version` parameter and answer header, and the `400` with code `API_VERSION_UNSUPPORTED`,
 * spelled out with the operation's other `400` answers.
 */
export const LLMS_FULL_BUDGET: FullBudget = {fixedBytes: 436_000, bytesPerApiPage: 7_500};

export function fullBytesBudget(budget: FullBudget, apiPages: number): number {
  return budget.fixedBytes + budget.bytesPerApiPage * apiPages;
}
