/**
 * Renders the facts a workflow document names, as the guides' prose does (plugins/prose-facts): a
 * document writes `%fact:NAME%` where a fact of the API or the sandbox goes, so a clock move, a
 * hold or a retention period follows the definition with no edit here. A string that is wholly
 * fact tokens and whole numbers joined by `+` and `-` (`'%fact:webhook.secret-overlap-seconds% +
 * 60'`) becomes that number, for the JSON the runner sends; any other string gets each token's
 * text. The runner (documents.ts) and the site's copies (plugins/workflows/published.ts) read the
 * rendered text, so neither sees a token. Each rendered string replaces its scalar where it stands
 * in the text, so the rest of the document stays byte for byte as written.
 */
import {parseDocument, visit} from 'yaml';
import {bundledFacts, type Facts} from '../plugins/prose-facts/facts.ts';
import {FACT_TOKEN} from '../plugins/prose-facts/render.ts';

const TERM = String.raw`(?:${FACT_TOKEN.source}|\d+)`;
/** Fact tokens and whole numbers joined by `+` and `-`. */
const SUM = new RegExp(String.raw`^\s*${TERM}(?:\s*[-+]\s*${TERM})*\s*$`);

/** The bundled definition's facts, read once: every document of a run names some. */
let bundled: Facts | undefined;

/** `text` of the workflow document `file` with every fact token rendered from `facts` (default: the bundled definition's). */
export function renderWorkflowText(text: string, file: string, facts?: Facts): string {
  if (!text.includes('%fact:')) return text;
  const table = facts ?? (bundled ??= bundledFacts());
  const valueOf = (name: string) => {
    const value = table.get(name);
    if (value === undefined) {
      throw new Error(`${file}: names the fact "${name}", which is not one of: ${[...table.keys()].join(', ')}`);
    }
    return value;
  };
  const render = (source: string): string => {
    if (SUM.test(source)) {
      const terms = [...source.matchAll(new RegExp(String.raw`([-+]?)\s*(${FACT_TOKEN.source}|\d+)`, 'g'))].map(
        (m) => ({
          sign: m[1] === '-' ? -1 : 1,
          text: m[3] === undefined ? m[2]! : valueOf(m[3]),
          name: m[3],
        }),
      );
      const notNumber = terms.find((t) => !/^\d+$/.test(t.text));
      // One token alone may be text ("15 minutes"); a sum needs numbers.
      if (!notNumber) return String(terms.reduce((total, t) => total + t.sign * Number(t.text), 0));
      if (terms.length > 1) {
        throw new Error(
          `${file}: "${source}" adds the fact "${notNumber.name}", which is "${notNumber.text}", not a number`,
        );
      }
    }
    return JSON.stringify(source.replace(FACT_TOKEN, (_token, name: string) => valueOf(name)));
  };
  const doc = parseDocument(text);
  const edits: {start: number; end: number; text: string}[] = [];
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value !== 'string' || !node.value.includes('%fact:') || !node.range) return;
      // A block scalar's range takes in the line break after it, which stays.
      const [start, end] = node.range;
      const after = /\s*$/.exec(text.slice(start, end))![0];
      edits.push({start, end: end - after.length, text: render(node.value)});
    },
  });
  // Last first, so that each range still points at its scalar.
  return edits
    .sort((a, b) => b.start - a.start)
    .reduce((out, edit) => `${out.slice(0, edit.start)}${edit.text}${out.slice(edit.end)}`, text);
}
