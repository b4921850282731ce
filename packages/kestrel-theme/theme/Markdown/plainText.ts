/**
 * Text in which Markdown and GFM would find nothing to mark up: no markup characters, no line
 * breaks, no entity, nothing that autolinks (URLs, www., e-mail addresses), no list or heading
 * start, no leading or trailing space. react-markdown renders such text as one paragraph of it
 * (tests/unit/markdown-plain-text.test.ts checks that on every description in the definition).
 */
export function isPlainText(text: string): boolean {
  return !/[\\`*_[\]<>#|~!&\n\r\t]|https?:|www\.|@|^\s|\s$|^\d+[.)]\s|^[-+=]/.test(text);
}
