/**
 * Renders the facts the API definition's own prose names: every `%fact:NAME%` in a string of the
 * bundled definition (descriptions, summaries, example values) becomes the fact's value, from the
 * fact table of that same definition (its `x-rate-limit`, `x-webhook-delivery`,
 * `x-webhook-signature`, `x-events`) and the sandbox's figures. The bundle script, the working
 * definition that releases keep and the API-changes check compares, and the tests' bundle all
 * render through here, so no reader sees a token. A name that is no fact fails, naming the JSON
 * pointer, the file and line under openapi/ that writes it, and the name.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {buildDefinition, type Json, type JsonObject} from '../../definition/index.ts';
import {factsOf, type Facts} from './facts.ts';
import {FACT_TOKEN} from './render.ts';

const SOURCES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'openapi');

const pointerToken = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/** `file:line` of each place under openapi/ that writes `token`, for the error message. */
function writtenAt(token: string, dir = SOURCES): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'releases' ? [] : writtenAt(token, file);
    if (!entry.name.endsWith('.yaml')) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        line.includes(token)
          ? [`${path.relative(path.dirname(SOURCES), file).split(path.sep).join('/')}:${i + 1}`]
          : [],
      );
  });
}

/**
 * A copy of the bundled definition `doc` with every fact token rendered. `facts` defaults to the
 * table of `doc` itself and the sandbox's figures.
 */
export function renderDefinitionFacts<T extends JsonObject>(doc: T, facts?: Facts): T {
  if (!JSON.stringify(doc).includes('%fact:')) return doc;
  const table = facts ?? factsOf(buildDefinition(doc));
  // Each name that is no fact, with the pointers of the strings that name it.
  const unknown = new Map<string, string[]>();
  const render = (value: Json, pointer: string): Json => {
    if (typeof value === 'string') {
      return value.replace(FACT_TOKEN, (token, name: string) => {
        const fact = table.get(name);
        if (fact !== undefined) return fact;
        unknown.set(name, [...(unknown.get(name) ?? []), `#${pointer}`]);
        return token;
      });
    }
    if (Array.isArray(value)) return value.map((item, i) => render(item, `${pointer}/${i}`));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, render(item, `${pointer}/${pointerToken(key)}`)]),
      );
    }
    return value;
  };
  const rendered = render(doc, '') as T;
  if (unknown.size) {
    const lines = [...unknown].map(([name, pointers]) => {
      const files = writtenAt(`%fact:${name}%`);
      return `- ${pointers.join(', ')}${files.length ? ` (${files.join(', ')})` : ''} names the fact "${name}"`;
    });
    throw new Error(
      `prose-facts: the definition names facts that are not in the table:\n${lines.join('\n')}\n` +
        `The facts are: ${[...table.keys()].join(', ')}`,
    );
  }
  return rendered;
}

/** Each JSON pointer of `doc` whose string still holds `%fact:` text: none, once it is rendered. */
export function unrenderedFacts(doc: Json, pointer = ''): string[] {
  if (typeof doc === 'string') return doc.includes('%fact:') ? [`#${pointer}`] : [];
  if (Array.isArray(doc)) return doc.flatMap((item, i) => unrenderedFacts(item, `${pointer}/${i}`));
  if (doc !== null && typeof doc === 'object') {
    return Object.entries(doc).flatMap(([key, item]) => unrenderedFacts(item, `${pointer}/${pointerToken(key)}`));
  }
  return [];
}
