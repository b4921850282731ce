/**
 * The rehype step that teaches @signalwire/docusaurus-plugin-llms-txt Docusaurus' markup
 * (plugins/llms-txt/docusaurus-html.ts), on hast trees shaped like the theme's HTML, and the
 * twin path shared with the page actions.
 */
import {describe, it, expect} from 'vitest';
import {rehypeDocusaurusHtml, remarkCodeMeta, textContent, type HastNode} from '../../plugins/llms-txt/docusaurus-html';
import {twinPath} from '../../config/twin-path';

const h = (tagName: string, properties: Record<string, unknown>, ...children: (HastNode | string)[]): HastNode => ({
  type: 'element',
  tagName,
  properties,
  children: children.map((c) => (typeof c === 'string' ? {type: 'text', value: c} : c)),
});
const run = (...children: HastNode[]) => {
  const tree: HastNode = {type: 'root', children};
  rehypeDocusaurusHtml({baseUrl: ''})(tree);
  return tree.children!;
};
const line = (...parts: string[]) =>
  h('div', {className: ['token-line']}, ...parts.map((p) => h('span', {className: ['token']}, p)), h('br', {}));

describe('twinPath', () => {
  it.each([
    ['/', '/index.md'],
    ['/rate-limits/', '/rate-limits.md'],
    ['/api/', '/api.md'],
    ['/api/issue-invoice', '/api/issue-invoice.md'],
    ['/webhooks/overview#events', '/webhooks/overview.md'],
  ])('%s -> %s', (route, twin) => expect(twinPath(route)).toBe(twin));
});

describe('rehypeDocusaurusHtml', () => {
  it('turns a Prism code block into one pre/code with its language and title, one line per line', () => {
    const [pre] = run(
      h(
        'div',
        {className: ['language-ts', 'codeBlockContainer_DTJH', 'theme-code-block']},
        h('div', {className: ['codeBlockTitle_A_jD']}, 'verify.ts'),
        h(
          'div',
          {className: ['codeBlockContent_wLCC']},
          h(
            'pre',
            {className: ['prism-code', 'language-ts']},
            h('code', {className: ['codeBlockLines_O56x']}, line('const a', ' = 1;'), line(''), line('a < 2;')),
          ),
          h('div', {className: ['buttonGroup']}, h('button', {}, 'Copy')),
        ),
      ),
    );
    expect(pre).toEqual(
      h('pre', {}, h('code', {className: ['language-ts title="verify.ts"']}, 'const a = 1;\n\na < 2;')),
    );
  });

  it('drops heading anchors, comments and buttons', () => {
    const [heading, ...rest] = run(
      h('h2', {id: 'x'}, 'Code', h('a', {href: '#x', className: ['hash-link']}, '\u200b')),
      {type: 'comment', value: ' '},
    );
    expect(heading).toEqual(h('h2', {id: 'x'}, 'Code'));
    expect(rest).toEqual([]);
  });

  it('gives each tab panel its label', () => {
    const out = run(
      h(
        'div',
        {className: ['tabs-container']},
        h('ul', {role: 'tablist'}, h('li', {role: 'tab'}, 'Node.js'), h('li', {role: 'tab'}, 'Go')),
        h(
          'div',
          {className: ['margin-top--md']},
          h('div', {role: 'tabpanel'}, h('p', {}, 'one')),
          h('div', {role: 'tabpanel', hidden: true}, h('p', {}, 'two')),
        ),
      ),
    );
    expect(out.map(textContent)).toEqual(['Node.js', 'one', 'Go', 'two']);
    expect(out[0]).toEqual(h('p', {}, h('strong', {}, 'Node.js')));
  });

  it('restores a Mermaid diagram from its data attribute', () => {
    const [pre] = run(h('div', {hidden: true, dataLlmsMermaid: 'sequenceDiagram\n  A->>B: hi\n'}));
    expect(pre).toEqual(h('pre', {}, h('code', {className: ['language-mermaid']}, 'sequenceDiagram\n  A->>B: hi')));
  });

  it('leaves out what a page marks data-llms-omit, keeping its siblings', () => {
    const [row] = run(h('tr', {}, h('td', {}, 'INVOICE_NOT_FOUND'), h('td', {dataLlmsOmit: ''}, 'Get invoice')));
    expect(row).toEqual(h('tr', {}, h('td', {}, 'INVOICE_NOT_FOUND')));
  });

  it('turns details and admonitions into labelled content', () => {
    const [summary, body] = run(h('details', {}, h('summary', {}, 'vectors.json'), h('div', {}, h('p', {}, 'x'))));
    expect(summary).toEqual(h('p', {}, h('strong', {}, 'vectors.json')));
    expect(textContent(body!)).toBe('x');
    // A fold drawn for a phone (its summary marked data-llms-omit) leaves only its content.
    const folded = run(
      h(
        'details',
        {},
        h('summary', {dataLlmsOmit: ''}, '6 test inputs'),
        h('table', {}, h('tr', {}, h('td', {}, 'y'))),
      ),
    );
    expect(folded.map((node) => node.tagName)).toEqual(['table']);
    const [quote] = run(
      h(
        'div',
        {className: ['theme-admonition', 'alert']},
        h('div', {className: ['admonitionHeading_Gvgb']}, h('span', {}, h('svg', {})), 'warning'),
        h('div', {className: ['admonitionContent_BuS1']}, h('p', {}, 'Careful.')),
      ),
    );
    expect(quote).toEqual(h('blockquote', {}, h('p', {}, h('strong', {}, 'Warning')), h('p', {}, 'Careful.')));
  });

  it('points internal links at the twins, root-relative, and leaves files and other sites alone', () => {
    const hrefs = run(
      h('a', {href: '/rate-limits/'}, 'a'),
      h('a', {href: '/'}, 'b'),
      h('a', {href: '/webhooks/failure-recovery#make-your-handler-idempotent'}, 'c'),
      h('a', {href: '/openapi.yaml'}, 'd'),
      h('a', {href: 'https://status.kestrel.example'}, 'e'),
      h('a', {href: '#code'}, 'f'),
    ).map((a) => a.properties!.href);
    expect(hrefs).toEqual([
      '/rate-limits.md',
      '/index.md',
      '/webhooks/failure-recovery.md#make-your-handler-idempotent',
      '/openapi.yaml',
      'https://status.kestrel.example',
      '#code',
    ]);
  });
});

describe('remarkCodeMeta', () => {
  it('splits the title out of the language', () => {
    const tree = {
      type: 'root',
      children: [
        {type: 'code', lang: 'ts title="verify.ts"', meta: null},
        {type: 'code', lang: 'go', meta: null},
      ],
    };
    remarkCodeMeta()(tree);
    expect(tree.children).toEqual([
      {type: 'code', lang: 'ts', meta: 'title="verify.ts"'},
      {type: 'code', lang: 'go', meta: null},
    ]);
  });
});

describe('rehypeDocusaurusHtml under a baseUrl', () => {
  it('keeps the baseUrl in front of the twin', () => {
    const tree: HastNode = {
      type: 'root',
      children: [h('a', {href: '/docs/rate-limits/'}, 'a'), h('a', {href: '/docs/'}, 'b')],
    };
    rehypeDocusaurusHtml({baseUrl: '/docs'})(tree);
    expect(tree.children!.map((a) => a.properties!.href)).toEqual(['/docs/rate-limits.md', '/docs/index.md']);
  });
});
