/**
 * A built docs page as sections: the page's title, each h1 to h3 of its article with the text up
 * to the next one, the tag it belongs to and its sidebar categories. The first section gets the
 * page's tags. The reading is the one the portal's relevance figures were tuned on (the earlier
 * search plugin's): the text of block elements and code lines separated by spaces, the heading's
 * anchor link left out of its title, the copy button left out of code.
 */
import * as cheerio from 'cheerio';

type Doc = cheerio.CheerioAPI;
/** A node of the parsed page (cheerio's, as its `contents()` gives them). */
type AnyNode = ReturnType<ReturnType<Doc>['contents']>[number];

/** After the text of these a space is written, so that words of adjacent blocks stay apart. */
const BLOCK_TAGS = new Set(
  'address article aside blockquote canvas dd div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav noscript ol p pre section table tfoot ul video td th'.split(
    ' ',
  ),
);
const HEADINGS = 'h1, h2, h3';

export type PageSection = {title: string; hash: string; content: string; tags: string[]};
export type PageSections = {
  /** `docs-{pluginId}-{versionName}`, from the page's `docusaurus_tag` meta. */
  tag: string;
  pageTitle: string;
  sections: PageSection[];
  /** The sidebar categories above the page, outermost first. */
  parentCategories: string[];
};

function rawText($: Doc, nodes: AnyNode[]): string {
  let text = '';
  for (const node of nodes) {
    if (node.type === 'text') text += node.data.replace(/\n/g, ' ');
    else if (node.type === 'tag') {
      text += rawText($, $(node).contents().get());
      if (BLOCK_TAGS.has(node.name) || (node.name === 'span' && $(node).attr('class') === 'token-line')) text += ' ';
    }
  }
  return text;
}

const textOf = ($: Doc, nodes: AnyNode[]) => rawText($, nodes).replace(/\s+/g, ' ').trim();

/** Reads the sections of a docs page; `tags` go on its first section. Throws naming `route` if the page has no docs tag. */
export function pageSections(html: string, route: string, tags: readonly string[] = []): PageSections {
  const $ = cheerio.load(html);
  const tag = $('meta[name="docusaurus_tag"]').attr('content');
  if (!tag) throw new Error(`search indexing: ${route} has no <meta name="docusaurus_tag">; is it a docs page?`);
  $('div[class^=codeBlockContent_] button').remove();
  // Lists of links to where things are defined (the changelog's entries, an operation's "Changed
  // in" note): their field and operation names would outrank the pages that define them.
  $('[data-search-exclude]').remove();
  const pageTitle = textOf($, $('article h1').first().get());
  const sections: PageSection[] = [];
  const before = textOf($, $('article .markdown header, article .markdown h1').first().prevAll().get().reverse());
  if (before) sections.push({title: '', hash: '', content: before, tags: []});
  $('article')
    .find(HEADINGS)
    .each((i, heading) => {
      const title = textOf($, $(heading).contents().not('a[aria-hidden=true], a.hash-link').get());
      const [, ...hashParts] = ($(heading).find('a.hash-link').attr('href') ?? '').split('#');
      const hash = hashParts.length ? `#${hashParts.join('#')}` : '';
      const sectionTags = i === 0 ? [...tags] : [];
      let elements;
      if ($(heading).parents('.markdown').length === 0) {
        // The page title, outside the Markdown: its section is the text before the first heading.
        const first = $('article').children().not('header').children().first();
        if (first.filter(HEADINGS).length) {
          sections.push({title, hash, content: '', tags: sectionTags});
          return;
        }
        elements = first.nextUntil(`${HEADINGS}, header`).addBack();
      } else {
        // A Markdown h1 comes wrapped in a <header>.
        const root = $(heading).parent('header').length ? $(heading).parent() : $(heading);
        elements = root.nextUntil(`${HEADINGS}, header`);
      }
      sections.push({title, hash, content: textOf($, elements.get()), tags: sectionTags});
    });
  const parentCategories = $('.theme-doc-sidebar-container .menu__link--active')
    .map((_, element) => $(element).text())
    .get()
    .slice(0, -1);
  return {tag, pageTitle, sections, parentCategories};
}
