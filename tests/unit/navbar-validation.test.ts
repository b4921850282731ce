/**
 * A doc navbar item with an unknown doc id, or a doc sidebar item whose sidebar has no
 * link, is a configuration error. Builds a tiny fixture site (a few seconds each with Rspack).
 */
import {describe, it, expect} from 'vitest';
import {buildFixture} from './build-fixture';

const build = (navbarCase: string) => buildFixture('navbar-validation', {NAVBAR_CASE: navbarCase});

describe('navbar validation', {timeout: 120_000}, () => {
  it('builds the valid fixture (so the failures below are the navbar, not the fixture)', () => {
    const {status, output} = build('valid');
    expect(status, output).toBe(0);
  });

  it('fails the build naming an unknown doc id', () => {
    const {status, output} = build('unknown-doc');
    expect(status).not.toBe(0);
    expect(output).toMatch(/Couldn't find any doc with id "does-not-exist"/);
  });

  it('fails the build naming a sidebar that has nothing to link to', () => {
    const {status, output} = build('empty-sidebar');
    expect(status).not.toBe(0);
    expect(output).toMatch(/Sidebar with ID "emptySidebar" doesn't have anything to be linked to/);
  });
});
