/**
 * The one Chromium this project drives: Debian's (Playwright cannot download its own here), with
 * the flags that keep it off the network and quiet on a headless CI machine.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
