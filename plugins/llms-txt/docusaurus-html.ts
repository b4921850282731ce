/**
 * A rehype plugin for @signalwire/docusaurus-plugin-llms-txt (its `beforeDefaultRehypePlugins`
 * hook). The maintained plugin turns a page's built HTML into Markdown with rehype-remark, which
 * knows plain HTML but not the markup Docusaurus' theme wraps around it. Without this step a twin
 * loses every code block's language and title and doubles its line breaks (Prism renders a line
 * as a `div` ending in `<br>`), keeps the invisible heading anchors as `[\u200b](#id "Direct link")` (a zero-width space)
 * links, flattens tabs into a bare list of labels, and would keep a diagram only as an image link
 * (src/components/Diagram leaves its mermaid source in a data attribute, turned back into a block).
 *
 * It also points internal links at the Markdown twins (`/rate-limits/` becomes `/rate-limits.md`,
 * `/` becomes `/index.md`). The plugin's own link rewriting turns a route with a trailing slash
 * into `/rate-limits/.md`, which does not exist; it leaves links to paths that are not routes
 * alone, so rewriting them first sidesteps it. Links stay root-relative, as the plugin writes
 * them: a twin works on any host that serves it (a preview, `npm run serve`).
 */
import {twinPath} from '../../config/twin-path';

type Properties = Record<string, unknown>;
export type HastNode = {
  type: string;
  tagName?: string;
  properties?: Properties;
  children?: HastNode[];
  value?: string;
};

const el = (tagName: string, properties: Properties, children: HastNode[]): HastNode => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const text = (value: string): HastNode => ({type: 'text', value});

function classes(node: HastNode): string[] {
  const c = node.properties?.className;
  return Array.isArray(c) ? c.map(String) : typeof c === 'string' ? c.split(/\s+/) : [];
}
const hasClass = (node: HastNode, name: string) => classes(node).includes(name);
/** CSS-module classes carry a hash suffix: `codeBlockTitle_A_jD`. */
const hasClassPrefix = (node: HastNode, prefix: string) => classes(node).some((c) => c.startsWith(prefix));
const isElement = (node: HastNode, tagName?: string) =>
  node.type === 'element' && (tagName === undefined || node.tagName === tagName);

function find(node: HastNode, test: (n: HastNode) => boolean): HastNode | undefined {
  for (const child of node.children ?? []) {
    if (test(child)) return child;
    const found = find(child, test);
    if (found) return found;
  }
  return undefined;
}

export function textContent(node: HastNode): string {
  if (node.type === 'text') return node.value ?? '';
  if (isElement(node, 'br')) return '\n';
  return (node.children ?? []).map(textContent).join('');
}

/**
 * A Docusaurus code block (div.theme-code-block > [title] + pre > code > div.token-line...)
 * becomes a plain `<pre><code class="language-x">`. The title travels in the class as
 * `language-ts title="verify.ts"`; remarkCodeMeta below splits it back into the fence's meta.
 */
function codeBlock(node: HastNode): HastNode {
  const language = classes(node).find((c) => c.startsWith('language-')) ?? 'language-text';
  const title = find(node, (n) => hasClassPrefix(n, 'codeBlockTitle_'));
  const code = find(node, (n) => isElement(n, 'code'));
  const lines = (code?.children ?? []).filter((n) => hasClass(n, 'token-line'));
  const value = lines.length
    ? lines.map((line) => textContent(line).replace(/\n$/, '')).join('\n')
    : textContent(code ?? node);
  const titleText = title ? textContent(title).trim() : '';
  const lang = titleText ? `${language} title=${JSON.stringify(titleText)}` : language;
  return el('pre', {}, [el('code', {className: [lang]}, [text(value.replace(/\n+$/, ''))])]);
}

/** Tabs become one bold label per panel, followed by the panel's content. */
function tabs(node: HastNode): HastNode[] {
  const labels: string[] = [];
  const panels: HastNode[] = [];
  const walk = (n: HastNode) => {
    for (const child of n.children ?? []) {
      if (child.properties?.role === 'tab') labels.push(textContent(child).trim());
      else if (child.properties?.role === 'tabpanel') panels.push(child);
      else walk(child);
    }
  };
  walk(node);
  return panels.flatMap((panel, i) => [
    el('p', {}, [el('strong', {}, [text(labels[i] ?? `Tab ${i + 1}`)])]),
    ...(panel.children ?? []),
  ]);
}

/**
 * `<details><summary>X</summary>…` becomes a bold "X" paragraph and the content; a summary marked
 * `data-llms-omit` (a reference table's fold, drawn for a phone) leaves the content alone.
 */
function details(node: HastNode): HastNode[] {
  const summary = (node.children ?? []).find((n) => isElement(n, 'summary'));
  const rest = (node.children ?? []).filter((n) => n !== summary);
  const labelled = summary && summary.properties?.dataLlmsOmit === undefined;
  const label = labelled ? [el('p', {}, [el('strong', {}, [text(textContent(summary).trim())])])] : [];
  return [...label, ...rest];
}

/** An admonition becomes a blockquote that starts with its bold label ("Note", "Warning"). */
function admonition(node: HastNode): HastNode[] {
  const heading = find(node, (n) => hasClassPrefix(n, 'admonitionHeading_'));
  const content = find(node, (n) => hasClassPrefix(n, 'admonitionContent_'));
  const label = heading ? textContent(heading).trim() : '';
  const title = label ? [el('p', {}, [el('strong', {}, [text(label.charAt(0).toUpperCase() + label.slice(1))])])] : [];
  return [el('blockquote', {}, [...title, ...(content?.children ?? [])])];
}

function rewriteLink(node: HastNode, baseUrl: string): void {
  const href = node.properties?.href;
  if (typeof href !== 'string' || !href.startsWith('/') || href.startsWith('//')) return;
  const url = new URL(href, 'http://site.invalid');
  const path = url.pathname.startsWith(`${baseUrl}/`) ? url.pathname.slice(baseUrl.length) : url.pathname;
  const last = path.split('/').pop() ?? '';
  // A static file (openapi.yaml) keeps its path; a page route points at its twin.
  node.properties!.href = `${baseUrl}${last.includes('.') ? path : twinPath(path)}${url.search}${url.hash}`;
}

/** Rewrites the children of one node; returns the nodes that replace it. */
function transform(node: HastNode, baseUrl: string): HastNode[] {
  if (node.type === 'comment') return [];
  if (node.type !== 'element') return [node];
  if (hasClass(node, 'hash-link')) return [];
  // What a page marks as said elsewhere in the twins (data-llms-omit), such as the error
  // catalogue's operations, which each operation's twin lists itself.
  if (node.properties?.dataLlmsOmit !== undefined) return [];
  // Buttons (code-block copy, tab controls) and SVG icons carry no content.
  if (isElement(node, 'button') || isElement(node, 'svg')) return [];
  const mermaid = node.properties?.dataLlmsMermaid;
  if (typeof mermaid === 'string') {
    return [el('pre', {}, [el('code', {className: ['language-mermaid']}, [text(mermaid.trim())])])];
  }
  if (hasClass(node, 'theme-code-block')) return [codeBlock(node)];
  if (isElement(node, 'br')) return [text('\n')];
  let replacement: HastNode[] | undefined;
  if (hasClass(node, 'tabs-container')) replacement = tabs(node);
  else if (isElement(node, 'details')) replacement = details(node);
  else if (hasClass(node, 'theme-admonition')) replacement = admonition(node);
  if (replacement) return replacement.flatMap((n) => transform(n, baseUrl));
  if (isElement(node, 'a')) rewriteLink(node, baseUrl);
  node.children = (node.children ?? []).flatMap((child) => transform(child, baseUrl));
  return [node];
}

/** Rehype attacher: `[rehypeDocusaurusHtml, {baseUrl: '/'}]` (the site's baseUrl). */
export function rehypeDocusaurusHtml(options: {baseUrl: string}) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  return (tree: HastNode) => {
    tree.children = (tree.children ?? []).flatMap((child) => transform(child, baseUrl));
  };
}

type MdastNode = {type: string; lang?: string | null; meta?: string | null; children?: MdastNode[]};

/** Remark attacher: splits `ts title="x.ts"` (see codeBlock) into the fence's lang and meta. */
export function remarkCodeMeta() {
  return (tree: MdastNode) => {
    const walk = (node: MdastNode) => {
      if (node.type === 'code' && node.lang) {
        const at = node.lang.indexOf(' ');
        if (at > 0) {
          node.meta = node.lang.slice(at + 1);
          node.lang = node.lang.slice(0, at);
        }
      }
      node.children?.forEach(walk);
    };
    walk(tree);
  };
}
