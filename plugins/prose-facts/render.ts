/**
 * Renders the facts a page names: each `%fact:NAME%` in a guide's text (front matter, prose,
 * tables and code blocks alike) becomes the fact's value from facts.ts. Docusaurus calls it on the
 * raw file before it reads the front matter and before MDX parses the page (docusaurus.config.ts),
 * so the HTML, the meta description, the search index and the Markdown twins all carry the value.
 * The token is plain text to Markdown and MDX, unlike `{…}`. A name that is no fact fails the
 * build, naming the page and the name.
 */
import type {MarkdownConfig, ParseFrontMatter} from '@docusaurus/types';
import {bundledFacts, type Facts} from './facts.ts';

/** A fact token, `%fact:NAME%`, with the name as its group. */
export const FACT_TOKEN = /%fact:([^%\s]*)%/g;

/** `text` of the page `file` with every fact token replaced by its value. */
export function renderFacts(text: string, file: string, facts?: Facts): string {
  if (!text.includes('%fact:')) return text;
  const table = facts ?? bundledFacts();
  return text.replace(FACT_TOKEN, (_token, name: string) => {
    const value = table.get(name);
    if (value === undefined) {
      throw new Error(
        `prose-facts: ${file} names the fact "${name}", which is not one of: ${[...table.keys()].join(', ')}`,
      );
    }
    return value;
  });
}

/** The Docusaurus `markdown` hooks that render the facts of every page before anything reads it. */
export const proseFactsHooks: {
  preprocessor: NonNullable<MarkdownConfig['preprocessor']>;
  parseFrontMatter: ParseFrontMatter;
} = {
  preprocessor: ({filePath, fileContent}) => renderFacts(fileContent, filePath),
  parseFrontMatter: (params) =>
    params.defaultParseFrontMatter({...params, fileContent: renderFacts(params.fileContent, params.filePath)}),
};
