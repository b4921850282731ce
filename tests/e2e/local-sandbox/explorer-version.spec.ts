/**
 * The explorer's `Kestrel-Version` choice against the local sandbox, as a reader uses it: the
 * releases served are offered, none chosen by default; picking the oldest one sends it as the
 * header and adds it to the curl copy, and the answer shows the release that answered with its
 * `Deprecation` and `Sunset`; choosing none again leaves the header out, and the account's pin (the
 * latest release, this sandbox's default) answers without them.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Page, Request} from '@playwright/test';
import {test, expect} from './sandbox-fixture';
import {explorer, explorerAnswer, openExplorer, pageHeading, sendButton, serverSelect} from '../fixtures';
import {LOCAL_SANDBOX_ORIGIN, LOCAL_SANDBOX_SERVER} from '../../../sandbox/local-sandbox.mjs';

// The manifest itself (this runner cannot load the definition model's ES modules): what the build and the sandbox read.
const releases = JSON.parse(readFileSync(path.join(__dirname, '../../../openapi/releases/releases.json'), 'utf8')) as {
  version: string;
  deprecated?: string;
  sunset?: string;
}[];
const first = releases[0]!;
const latest = releases.at(-1)!.version;
const midnight = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** Every request the page sends to the local sandbox (CORS preflights left out). */
function sandboxRequests(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(LOCAL_SANDBOX_ORIGIN) && r.method() !== 'OPTIONS') sent.push(r);
  });
  return sent;
}

test('picking a release sends Kestrel-Version, shows it in the curl copy, and the answer names it with Deprecation and Sunset', async ({
  page,
  problems,
}) => {
  await page.goto('/api/get-invoices');
  await expect(pageHeading(page)).toBeVisible();
  await openExplorer(page);
  await serverSelect(page).selectOption(LOCAL_SANDBOX_SERVER.url);
  await explorer(page).getByLabel('Bearer token').fill('version-test-token');
  const sent = sandboxRequests(page);
  const answer = explorerAnswer(page);
  const choice = explorer(page).getByLabel('Kestrel-Version');
  const facts = {
    version: explorer(page).getByTestId('try-it-kestrel-version'),
    deprecation: explorer(page).getByTestId('try-it-deprecation'),
    sunset: explorer(page).getByTestId('try-it-sunset'),
  };

  // The releases served, newest first; none chosen, so none is sent.
  await expect(choice.locator('option')).toHaveText(['(not sent)', ...releases.map((r) => r.version).reverse()]);
  await expect(choice).toHaveValue('');
  await expect(answer.curl).not.toContainText('Kestrel-Version');

  await choice.selectOption(first.version);
  await expect(answer.curl).toContainText(`--header 'Kestrel-Version: ${first.version}'`);
  await sendButton(page).click();
  await expect(answer.status).toHaveText('200 OK');
  await expect(facts.version).toHaveText(first.version);
  await expect(facts.deprecation).toHaveText(`@${midnight(first.deprecated!) / 1000}`);
  await expect(facts.sunset).toHaveText(new Date(midnight(first.sunset!)).toUTCString());
  expect(sent.map((r) => r.headers()['kestrel-version'])).toEqual([first.version]);

  // Back to none: the account's pin answers, and a current release carries no deprecation.
  await choice.selectOption('');
  await expect(answer.curl).not.toContainText('Kestrel-Version');
  await sendButton(page).click();
  await expect(facts.version).toHaveText(latest);
  await expect(answer.status).toHaveText('200 OK');
  await expect(facts.deprecation).toHaveCount(0);
  await expect(facts.sunset).toHaveCount(0);
  expect(sent.map((r) => r.headers()['kestrel-version'])).toEqual([first.version, undefined]);
  void problems;
});
