/**
 * The snippet engine's settings are each written once (snippets/settings.ts): a one-line edit there
 * changes every language of the reference samples, the Try-it copy and every walkthrough sample,
 * with no other edit. The test makes the edit in a copy of snippets/ (which imports nothing from
 * outside itself) and renders with the copy.
 */
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {afterAll, describe, expect, it} from 'vitest';
import {loadDefinition} from '../../definition/index.ts';
import {walkthroughRequests} from '../../tooling/walkthrough-requests.ts';
import type * as Reference from '../../snippets/reference/index.ts';
import type * as TryIt from '../../snippets/try-it.ts';
import type * as Files from '../../snippets/walkthrough/files.ts';
import type * as Steps from '../../snippets/walkthrough/steps.ts';
import {ROOT} from './openapi-definition';

const copy = mkdtempSync(path.join(tmpdir(), 'snippets-'));
afterAll(() => rmSync(copy, {recursive: true, force: true}));
cpSync(path.join(ROOT, 'snippets'), copy, {recursive: true});
const settingsFile = path.join(copy, 'settings.ts');
const edited = readFileSync(settingsFile, 'utf8')
  .replace('export const TIMEOUT_SECONDS = 10;', 'export const TIMEOUT_SECONDS = 7;')
  .replace("export const API_KEY_VARIABLE = 'KESTREL_API_KEY';", "export const API_KEY_VARIABLE = 'ACME_KEY';");
writeFileSync(settingsFile, edited);
const load = <T>(file: string) => import(pathToFileURL(path.join(copy, file)).href) as Promise<T>;
const {TEMPLATES} = await load<typeof Reference>('reference/index.ts');
const {tryItCurl} = await load<typeof TryIt>('try-it.ts');
const {stepFiles} = await load<typeof Files>('walkthrough/files.ts');
const {WALKTHROUGH_STEPS} = await load<typeof Steps>('walkthrough/steps.ts');

describe('a one-line edit of snippets/settings.ts', () => {
  it('is two lines of the copy: the timeout and the key variable', () => {
    expect(edited).toContain('TIMEOUT_SECONDS = 7;');
    expect(edited).toContain("API_KEY_VARIABLE = 'ACME_KEY';");
  });

  const request = {
    method: 'POST',
    url: 'https://sandbox.kestrel.example/v1/invoices',
    headers: [['Accept', 'application/json']] as [string, string][],
    body: {memo: 'x'},
    idempotent: true,
  };

  it('changes the timeout and the key variable of all eight reference languages', () => {
    expect(Object.keys(TEMPLATES)).toHaveLength(8);
    for (const [language, template] of Object.entries(TEMPLATES)) {
      const code = template(request);
      expect(code, language).toContain('ACME_KEY');
      expect(code, language).not.toContain('KESTREL_API_KEY');
      expect(code, language).toMatch(/\b7(_000)?\b/);
      expect(code, language).not.toMatch(/\b10(_000)?\b/);
    }
  });

  it('changes the Try-it copy', () => {
    const copied = tryItCurl({...request, headers: [['Authorization', 'Bearer typed']], body: '{}'});
    expect(copied).toContain('"$ACME_KEY"');
    expect(copied).toContain('--max-time 7');
  });

  it('changes every walkthrough sample: the curl command, and what each sample says it reads', () => {
    const files = walkthroughRequests(loadDefinition(), WALKTHROUGH_STEPS).flatMap(stepFiles);
    expect(files.length).toBeGreaterThanOrEqual(90);
    for (const {path: file, text} of files) {
      expect(text, file).toContain('ACME_KEY');
      expect(text, file).not.toContain('KESTREL_API_KEY');
      if (file.endsWith('.sh')) expect(text, file).toContain('--max-time 7 ');
    }
  });
});
