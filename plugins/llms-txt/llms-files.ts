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
 * The site's budget: about 759 KB at 57 API pages (49 operations, 8 webhook events), growing by
 * what one more API page adds, so a bigger API still builds while a twin that swells fails it.
 * The guides' share is 360 KB: every walkthrough step shows its call in curl, Node.js and Python,
 * the sandbox guide holds the table of test inputs (one row per failure an integrator can
 * produce, about 20 KB), which an assistant writing tests needs whole, and the contract pages hold
 * what an integrator must get exactly right: the idempotency outcomes, per-subscription delivery
 * state and the receivers' dead-letter policy, the order keys, and the money rules with their
 * figures (together about 73 KB more than before them, 731 KB in all), and the API introduction
 * holds the versioning policy and the changelog, every change of every release with its links and
 * migration note (about 27 KB at two releases, 759 KB in all, with 10 KB left for the next
 * release's entries), which an assistant upgrading a client needs whole; each release adds to it.
 * The procedures that hold through a fault add about 31 KB (791 KB in all, budget 799 KB): what a
 * 5xx after the work leaves behind, deferring an order past a maintenance window (its code whole),
 * the receivers' retries up to the event retention, events a disabled subscription missed, the fees
 * in one table, the sandbox's fault controls and the workflows that run each procedure. Two
 * claim-by-claim reviews against the sandbox added about 11 KB more (802 KB, budget 809 KB): what a
 * replayed answer is, which amount each limit counts, what deleting or pausing a subscription
 * leaves in the events API, what `data.changes` holds. Tools for assistants and webhook handlers
 * add about 9 KB (811 KB, budget 819 KB): the endpoint check and its cases, the MCP server's
 * one-line setups and tool table, and how the local sandbox differs; the operation twins' errors as
 * one section per status (the page's own headings) took 3 KB off.
 */
export const LLMS_FULL_BUDGET: FullBudget = {fixedBytes: 420_000, bytesPerApiPage: 7_000};

export function fullBytesBudget(budget: FullBudget, apiPages: number): number {
  return budget.fixedBytes + budget.bytesPerApiPage * apiPages;
}
