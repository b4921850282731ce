/**
 * Checks shared by the Markdown-twin tests (tests/unit/llms-*.test.ts, tests/e2e/llms.spec.ts).
 */

/** The text outside fenced code blocks, as lines. */
export function linesOutsideFences(markdown: string): string[] {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const match = line.match(/^\s*(`{3,}|~{3,})/);
    if (fence) {
      if (match && match[1]!.startsWith(fence)) fence = null;
      continue;
    }
    if (match) {
      fence = match[1]!;
      continue;
    }
    out.push(line);
  }
  return out;
}

/**
 * HTML or JSX left in a twin: tags and comments outside code (fences and inline code spans), and
 * MDX `import`/`export` lines. Returns the offending snippets.
 */
export function markupOutsideCode(markdown: string): string[] {
  const problems: string[] = [];
  for (const line of linesOutsideFences(markdown)) {
    if (/^(import|export) /.test(line)) problems.push(line);
    const prose = line.replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, '');
    for (const m of prose.matchAll(/<\/?[A-Za-z][\w.:-]*(?:\s[^<>]*)?\/?>|<!--/g)) problems.push(m[0]);
  }
  return problems;
}

/** The fenced code blocks of a twin: info string (language and meta) and body. */
export function fencedBlocks(markdown: string): {info: string; body: string}[] {
  const blocks: {info: string; body: string}[] = [];
  let current: {fence: string; info: string; lines: string[]} | null = null;
  for (const line of markdown.split('\n')) {
    const match = line.match(/^\s*(`{3,}|~{3,})(.*)$/);
    if (current) {
      if (match && match[1]!.startsWith(current.fence) && !match[2]!.trim()) {
        blocks.push({info: current.info, body: current.lines.join('\n')});
        current = null;
      } else current.lines.push(line);
    } else if (match) current = {fence: match[1]!, info: match[2]!.trim(), lines: []};
  }
  return blocks;
}
