/**
 * What an operation or webhook page must show, read from the definition model of the bundle the
 * build serves (build/openapi.json): its route, every parameter, every request and response field
 * at every depth (by the anchor of its row), every status, and every code sample. Used by the
 * browser tests that check the pages' static HTML. The model is ES modules, which the test
 * runner's CommonJS transform cannot load: Node computes the list (./api-pages-expected.ts).
 */
import {execFileSync} from 'node:child_process';
import path from 'node:path';

export type ExpectedRow = {anchor: string; name: string; required: boolean};
export type ExpectedPage = {
  route: string;
  kind: 'operation' | 'webhook';
  /** Parameters (a webhook's delivery headers), by location. */
  parameters: (ExpectedRow & {in: string})[];
  /** Every field of the request body (a webhook's payload), at every depth. */
  bodyFields: ExpectedRow[];
  /** The statuses, 2xx first, then the others, each in the definition's order. */
  responseCodes: string[];
  /** Every response header and body field, at every depth. */
  responseRows: ExpectedRow[];
  /** Each code sample's first line. */
  sampleFirstLines: string[];
};

export function expectedPages(definitionFile = 'build/openapi.json'): ExpectedPage[] {
  const script = path.join(__dirname, 'api-pages-expected.ts');
  return JSON.parse(
    execFileSync(process.execPath, ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', script, definitionFile], {
      encoding: 'utf8',
    }),
  ) as ExpectedPage[];
}
