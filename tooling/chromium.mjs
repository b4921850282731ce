/**
 * The one Chromium this project drives: Debian's (Playwright cannot download its own here), with
 * the flags that keep it off the network and quiet on a headless CI machine.
 */
import path from 'node:path';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The browser tests' Chromium: CHROMIUM_PATH started through chromium-merged-features.sh, which
 * merges the --disable-features switches (Chromium reads only the last, and Playwright passes
 * its own), with the omnibox popups off. Each test's context opens a window, and for every window
 * this Chromium loads two omnibox popups as pages of their own (chrome://omnibox-popup.top-chrome/),
 * which a headless window never shows: their renderer used more CPU than the page under test.
 */
export const TEST_BROWSER = {
  // From the repository's root, where every test runner starts (Playwright's loader has no import.meta).
  executablePath: path.resolve('tooling/chromium-merged-features.sh'),
  args: [...CHROMIUM_ARGS, '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup'],
};
