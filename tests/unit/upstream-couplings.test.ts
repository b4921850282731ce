/**
 * Shape checks for the coupling points that would otherwise drift silently when upstream changes
 * (packages/kestrel-theme/UPSTREAM.md: ssr-template, codeblock-eject, codeblock-content-eject,
 * announcement-bar). The drift test (./upstream-drift.test.ts) says that a recorded
 * file changed; these say whether what our copy or wrapper relies on still holds, by reading the
 * installed upstream source beside ours.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';
import {ssrTemplate} from '../../packages/kestrel-theme/ssr-template';

const ROOT = path.resolve(__dirname, '../..');
const require = createRequire(import.meta.url);

/** Our files these checks read (besides ssr-template, imported above). */
const OURS = {
  codeBlock: 'packages/kestrel-theme/theme/CodeBlock/index.tsx',
  codeBlockContent: 'packages/kestrel-theme/theme/CodeBlock/Content/index.tsx',
  announcementBar: 'packages/kestrel-theme/theme/AnnouncementBar/index.tsx',
};

const ours = (file: keyof typeof OURS) => readFileSync(path.join(ROOT, OURS[file]), 'utf8');
const upstream = (file: string) => readFileSync(path.join(ROOT, 'node_modules', file), 'utf8');

/** The modules a source file imports (`import ... from 'x'`, `import 'x'`, `require('x')`). */
function importedModules(source: string): Set<string> {
  const found = new Set<string>();
  for (const m of source.matchAll(
    /\bimport\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]|\brequire\(['"]([^'"]+)['"]\)/g,
  )) {
    found.add((m[1] ?? m[2])!);
  }
  return found;
}

describe('ssr-template: core page template with the scripts requested after the first paint', () => {
  const core: string = require('@docusaurus/core/lib/ssg/ssgTemplate.html.js').default;
  const CORE_HEAD_SCRIPTS =
    /\n[ \t]*<% it\.scripts\.forEach\(\(script\) => \{ %>\n[ \t]*<script src="<%= it\.baseUrl %><%= script %>" defer><\/script>\n[ \t]*<% \}\); %>/g;
  const OUR_LOADER = /\n[ \t]*<script>[\s\S]*?<\/script>(?=\n[ \t]*<%~ it\.postBodyTags %>)/g;

  it("core's template still requests the page scripts in one loop in <head>, the part we replace", () => {
    expect(core.match(CORE_HEAD_SCRIPTS)).toHaveLength(1);
  });

  it('ours loads the same scripts, in order, from the body', () => {
    expect(ssrTemplate.match(OUR_LOADER)).toHaveLength(1);
    expect(ssrTemplate).toContain('JSON.stringify(it.scripts.map((script) => it.baseUrl + script))');
    expect(ssrTemplate).toContain('script.async = false');
  });

  it("is core's template in every other line", () => {
    expect(ssrTemplate.replace(OUR_LOADER, '')).toBe(core.replace(CORE_HEAD_SCRIPTS, ''));
  });
});

describe('codeblock-eject: theme-classic CodeBlock without its isBrowser key', () => {
  const original = upstream('@docusaurus/theme-classic/lib/theme/CodeBlock/index.js');

  it('the original still uses useIsBrowser() only as the key we drop', () => {
    expect(original.match(/\bisBrowser\b/g)).toHaveLength(2);
    expect(original).toMatch(/key=\{String\(isBrowser\)\}/);
  });

  it('the original renders through the same two content components, chosen the same way', () => {
    const imports = importedModules(original);
    imports.delete('@docusaurus/useIsBrowser');
    const ourImports = importedModules(ours('codeBlock'));
    expect([...imports].filter((m) => !ourImports.has(m))).toEqual([]);
    expect(original).toContain("typeof children === 'string' ? StringContent : ElementContent");
    expect(original).toContain("Array.isArray(children) ? children.join('') : children");
  });
});

describe('codeblock-content-eject: theme-classic CodeBlock/Content (eject unsafe)', () => {
  const original = upstream('@docusaurus/theme-classic/lib/theme/CodeBlock/Content/index.js');
  const css = upstream('@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css');
  const mine = ours('codeBlockContent');

  it('imports what the original imports (Prism through our lazy getter, its styles by their path)', () => {
    const ourImports = importedModules(mine);
    const expected = [...importedModules(original)].map((m) =>
      m === './styles.module.css' ? '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css' : m,
    );
    // The original's Highlight comes from prism-react-renderer; ours imports only its types and
    // builds it on first use (packages/kestrel-theme/prism).
    expect(expected.filter((m) => !ourImports.has(m))).toEqual([]);
  });

  it('uses the class names the original uses, and the style module still defines them', () => {
    const classes = (source: string) => new Set([...source.matchAll(/\bstyles\.(?!module\b)(\w+)/g)].map((m) => m[1]!));
    const used = classes(original);
    expect([...used].sort()).toEqual([...classes(mine)].sort());
    for (const name of used) expect(css, name).toMatch(new RegExp(`\\.${name}\\b`));
  });

  it('is still what the string and element code blocks render through', () => {
    expect(importedModules(upstream('@docusaurus/theme-classic/lib/theme/CodeBlock/Content/String.js'))).toContain(
      '@theme/CodeBlock/Layout',
    );
    expect(importedModules(upstream('@docusaurus/theme-classic/lib/theme/CodeBlock/Layout/index.js'))).toContain(
      '@theme/CodeBlock/Content',
    );
  });
});

describe("announcement-bar: theme-classic's private pre-hydration attribute", () => {
  const inlineScripts = upstream('@docusaurus/theme-classic/lib/inlineScripts.js');
  const css = upstream('@docusaurus/theme-classic/lib/theme/AnnouncementBar/styles.module.css');
  const attribute = /AnnouncementBarDismissDataAttribute = '([a-z-]+)'/.exec(inlineScripts)?.[1];

  it('the inline script still sets the attribute, and the bar CSS still hides on it', () => {
    expect(attribute).toBeDefined();
    expect(inlineScripts).toContain(
      "document.documentElement.setAttribute('${AnnouncementBarDismissDataAttribute}', isDismissed())",
    );
    expect(css).toContain(`html[${attribute}='true'] .announcementBar`);
  });

  it('our wrapper resets that attribute, once useAnnouncementBar says the bar is active', () => {
    const mine = ours('announcementBar');
    expect(mine).toContain(`setAttribute('${attribute}', 'false')`);
    expect(upstream('@docusaurus/theme-common/lib/internal.js')).toMatch(
      /\buseAnnouncementBar\b[^;]*from '\.\/contexts\/announcementBar'/,
    );
    expect(upstream('@docusaurus/theme-common/lib/contexts/announcementBar.js')).toMatch(
      /isActive: !!announcementBar && !isClosed/,
    );
  });
});
