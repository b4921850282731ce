/**
 * The build fails on a broken internal link, a broken anchor or a link
 * to a missing Markdown file. The fixture site takes those settings from link-checks.ts, which the
 * portal's docusaurus.config.ts uses too, so this proves what the portal ships (a few seconds per build).
 */
import {describe, it, expect} from 'vitest';
import {buildFixture} from './build-fixture';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {linkChecks} from '../../link-checks';

const build = (linksCase: string) => buildFixture('broken-links', {LINKS_CASE: linksCase});

describe('broken links fail the build', {timeout: 180_000}, () => {
  it('the portal throws on broken links, anchors and Markdown links', () => {
    expect(linkChecks.onBrokenLinks).toBe('throw');
    expect(linkChecks.onBrokenAnchors).toBe('throw');
    expect(linkChecks.markdownHooks.onBrokenMarkdownLinks).toBe('throw');
    // The portal config takes its settings from that module, not from literals of its own.
    const config = readFileSync(path.resolve(__dirname, '../../docusaurus.config.ts'), 'utf8');
    expect(config).toContain('onBrokenLinks: linkChecks.onBrokenLinks');
    expect(config).toContain('onBrokenAnchors: linkChecks.onBrokenAnchors');
    expect(config).toContain('hooks: linkChecks.markdownHooks');
  });

  it('builds the valid fixture (so the failures below are the links, not the fixture)', () => {
    const {status, output} = build('valid');
    expect(status, output).toBe(0);
  });

  it('fails on a link to a page that does not exist, naming it', () => {
    const {status, output} = build('broken-link');
    expect(status).not.toBe(0);
    expect(output).toMatch(/broken link/i);
    expect(output).toContain('/no-such-page');
  });

  it('fails on a link to an anchor that does not exist, naming it', () => {
    const {status, output} = build('broken-anchor');
    expect(status).not.toBe(0);
    expect(output).toMatch(/broken anchor/i);
    expect(output).toContain('/target#no-such-heading');
  });

  it('fails on a link to a Markdown file that does not exist, naming it', () => {
    const {status, output} = build('broken-markdown-link');
    expect(status).not.toBe(0);
    expect(output).toContain('missing.md');
  });
});
