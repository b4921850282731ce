/**
 * Shape checks for the coupling points that would otherwise drift silently when upstream changes
 * (packages/kestrel-theme/UPSTREAM.md: ssr-template, announcement-bar). The drift test (./upstream-drift.test.ts) says that a recorded
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
  announcementBar: 'packages/kestrel-theme/theme/AnnouncementBar/index.tsx',
};

const ours = (file: keyof typeof OURS) => readFileSync(path.join(ROOT, OURS[file]), 'utf8');
const upstream = (file: string) => readFileSync(path.join(ROOT, 'node_modules', file), 'utf8');

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
