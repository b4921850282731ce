/** A performance mark set when the Markdown parser is first set up, so tests can see whether and when. */
export const MARKDOWN_PARSER_MARK = 'kestrel:markdown-parser-ready';
