/**
 * The parts of guide pages that are rendered from their source instead of written by hand. A page
 * holds one line where a part goes, `<RenderedMarkdown of="sandbox-test-inputs" />`, and the build
 * puts the part's Markdown there before anything else reads the page (remark-rendered-partials.ts):
 * its headings join the page's table of contents and its `<ReferenceTable>`s are laid out for a
 * phone like any other, and the HTML, the Markdown twin, the search index and the MCP server's
 * read_page all carry it. `expandPartials` does the same to a page's text, for the tests that read
 * a page as its readers do.
 */
import {renderIdempotencyOutcomes} from './idempotency-outcomes.ts';
import {renderLocalDifferences} from './local-differences.ts';
import {renderTestInputs} from './test-inputs.ts';

/** The element a page writes where a rendered part goes, and its attribute naming the part. */
export const PARTIAL_ELEMENT = 'RenderedMarkdown';
export const PARTIAL_ATTRIBUTE = 'of';

/** Each part's Markdown, by the name a page gives it. */
export type Partials = Readonly<Record<string, () => string>>;

export const PARTIALS: Partials = {
  // x-idempotency of the definition, on `/`.
  'idempotency-outcomes': () => renderIdempotencyOutcomes(),
  // sandbox/test-inputs.ts, with the catalogue's statuses, on /sandbox/.
  'sandbox-test-inputs': () => renderTestInputs(),
  // sandbox/local-differences.ts, on /sandbox/.
  'local-sandbox-differences': () => renderLocalDifferences(),
};

/** The Markdown of the part `name`; an unknown name fails, naming the page and the parts there are. */
export function renderPartial(name: string, file: string, partials: Partials = PARTIALS): string {
  const render = Object.hasOwn(partials, name) ? partials[name] : undefined;
  if (!render)
    throw new Error(
      `rendered-partials: ${file} asks for the part "${name}", which is not one of: ${Object.keys(partials).join(', ')}`,
    );
  return render();
}

const LINE = new RegExp(`^<${PARTIAL_ELEMENT} ${PARTIAL_ATTRIBUTE}="([^"]*)" />$`, 'gm');

/** `source` with each part's line replaced by its Markdown: the page as its readers get it. */
export function expandPartials(source: string, file: string, partials: Partials = PARTIALS): string {
  return source.replace(LINE, (_line, name: string) => renderPartial(name, file, partials));
}
