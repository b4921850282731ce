/**
 * The "Try it" explorer's build-time share and its pure helpers: what each operation's explorer
 * is given (read from the real definition), the checks compiled for it and the messages they give,
 * the URL and the curl command it builds, the release it may pin, and what it says when no answer comes.
 */
import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';
import {IDEMPOTENCY_KEY_HEADER, type TryItOperation} from '../../config/try-it';
import {VERSION_HEADER} from '../../config/api-version-header';
import {buildDefinition, findOperation, readReleases, tryItOperation, type JsonObject} from '../../definition/index.ts';
import {tryItValidatorModule} from '../../definition/try-it-validators.ts';
import {LOCAL_SANDBOX_ORIGIN, LOCAL_SANDBOX_SERVER} from '../../sandbox/local-sandbox.mjs';
import {BOUND_WORDS} from '../../config/schema-words';
import {checkBody, checkParameters, type Check} from '../../src/components/TryIt/checks';
import {shellQuote} from '../../snippets/literals.ts';
import {tryItCurl} from '../../snippets/try-it.ts';
import {API_KEY_VARIABLE, TIMEOUT_SECONDS} from '../../snippets/settings.ts';
import {buildRequest, requestUrl} from '../../src/components/TryIt/request';
import {releaseFacts} from '../../src/components/TryIt/releaseFacts';
import {networkFailure, prettyBody} from '../../src/components/TryIt/send';
import {loadBundledDefinition} from './openapi-definition';

const doc = loadBundledDefinition() as JsonObject;
const model = buildDefinition(structuredClone(doc));
const operation = (slug: string) => tryItOperation(model, findOperation(model, slug));

/** An operation's compiled checks, loaded as the bundler loads the generated module (CommonJS). */
function checksOf(op: TryItOperation): {parameters: Check; body?: Check} {
  const module = {exports: {} as {parameters: Check; body?: Check}};
  const require = createRequire(import.meta.url);
  new Function('require', 'module', 'exports', tryItValidatorModule(op))(require, module, module.exports);
  return module.exports;
}

describe('tryItOperation on the real definition', () => {
  it('issue-invoice: POST /invoices, an idempotent write with a JSON body, its example and a standalone schema', () => {
    const op = operation('issue-invoice');
    expect(op).toMatchObject({method: 'POST', path: '/invoices', idempotent: true, authenticated: true});
    expect(op.servers).toEqual([
      {url: 'https://api.kestrel.example/v1', description: 'Production'},
      {url: 'https://api.sandbox.kestrel.example/v1', description: 'Sandbox'},
    ]);
    expect(op.scopes).toEqual(['partner.invoice.create']);
    // The explorer fills the Idempotency-Key itself; the form does not ask for it.
    expect(op.parameters.map((p) => p.name)).not.toContain(IDEMPOTENCY_KEY_HEADER);
    expect(op.body?.mediaType).toBe('application/json');
    expect(op.body?.schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(JSON.stringify(op.body?.schema)).not.toMatch(/"\$ref":"#\/components\//);
    expect(op.body?.example).toMatchObject({amount: {currency: expect.any(String)}});
    // JSON-serialisable: what a page carries is what the explorer reads.
    expect(JSON.parse(JSON.stringify(op))).toEqual(op);
  });

  it('find-invoice-by-id: a required uuid path parameter with its example; a read takes no key and no body', () => {
    const op = operation('find-invoice-by-id');
    expect(op).toMatchObject({method: 'GET', path: '/invoices/{invoiceId}', idempotent: false});
    expect(op.body).toBeUndefined();
    expect(op.parameters).toEqual([
      expect.objectContaining({
        name: 'invoiceId',
        in: 'path',
        required: true,
        schema: expect.objectContaining({type: ['string'], format: 'uuid'}),
      }),
      // Every operation takes the version header; the explorer shows it as an optional field.
      expect.objectContaining({name: 'Kestrel-Version', in: 'header', required: false, example: '2.0.0'}),
    ]);
    expect(op.parameters[0]!.example).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('get-invoices: the query parameters in the definition order, with their types and bounds', () => {
    const op = operation('get-invoices');
    expect(op.parameters.map((p) => `${p.in}:${p.name}:${p.schema.type.join('|')}`)).toEqual([
      'query:$filter:string',
      'query:$orderby:string',
      'query:$skip:integer',
      'query:$top:integer',
      'header:Kestrel-Version:string',
    ]);
    const top = op.parameters.find((p) => p.name === '$top')!;
    expect(top.required).toBe(false);
    expect(top.schema.maximum).toBeTypeOf('number');
  });

  it('the local-sandbox build: its bundle lists the local sandbox after production and sandbox, and so does every explorer', () => {
    const local = buildDefinition({
      ...structuredClone(doc),
      servers: [...(doc.servers as JsonObject[]), {...LOCAL_SANDBOX_SERVER}],
    });
    const op = tryItOperation(local, findOperation(local, 'get-invoices'));
    expect(op.servers.map((s) => s.description)).toEqual(['Production', 'Sandbox', 'Local sandbox']);
    expect(op.servers[2]!.url).toBe(LOCAL_SANDBOX_SERVER.url);
  });

  it('every operation with a body: its example passes its own compiled check', () => {
    const withBody = model.operations.map((op) => tryItOperation(model, op)).filter((op) => op.body);
    expect(withBody.length).toBe(13);
    for (const op of withBody) {
      const {body} = checksOf(op);
      expect(op.body!.example, `${op.slug} has an example`).toBeDefined();
      const checked = checkBody(JSON.stringify(op.body!.example), body!, op.body!.required);
      expect(checked.problems, op.slug).toEqual([]);
    }
  });
});

describe('the checks before sending', () => {
  const issue = operation('issue-invoice');
  const issueChecks = checksOf(issue);

  it('a body that breaks the schema names the field and the rule', () => {
    const text = JSON.stringify({amount: {amount: 'ten', currency: 'USD'}, expiresInSeconds: 300});
    const {problems} = checkBody(text, issueChecks.body!, true);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.field).toBe('amount.amount');
    expect(problems[0]!.message).toMatch(/^must match the pattern /);
  });

  it('a missing required field is named with its parent; an unknown field is named too', () => {
    const missing = checkBody(JSON.stringify({amount: {amount: '1.00'}}), issueChecks.body!, true);
    expect(missing.problems).toContainEqual({field: 'amount.currency', message: 'is required'});
    const currency = checkBody(JSON.stringify({amount: {amount: '1.00', currency: 'XYZ'}}), issueChecks.body!, true);
    expect(currency.problems[0]).toMatchObject({
      field: 'amount.currency',
      message: expect.stringMatching(/^must be one of "/),
    });
  });

  it('text that is not JSON, and an empty required body, are said in words', () => {
    expect(checkBody('{"amount": ', issueChecks.body!, true).problems).toEqual([
      {field: '', message: expect.stringMatching(/^is not valid JSON: /)},
    ]);
    expect(checkBody('  ', issueChecks.body!, true).problems).toEqual([{field: '', message: 'is required'}]);
  });

  it('parameters: a path value that is not a uuid, a page size that is not a number or too large, a missing required one', () => {
    const find = operation('find-invoice-by-id');
    expect(checkParameters(find, {'path:invoiceId': 'abc'}, checksOf(find).parameters)).toEqual([
      {field: 'path:invoiceId', message: 'must be a valid uuid'},
    ]);
    expect(checkParameters(find, {'path:invoiceId': ''}, checksOf(find).parameters)).toEqual([
      {field: 'path:invoiceId', message: 'is required'},
    ]);
    const list = operation('get-invoices');
    const top = list.parameters.find((p) => p.name === '$top')!;
    const listChecks = checksOf(list).parameters;
    expect(checkParameters(list, {'query:$top': 'ten'}, listChecks)).toEqual([
      {field: 'query:$top', message: 'must be of type integer'},
    ]);
    expect(checkParameters(list, {'query:$top': String(top.schema.maximum! + 1)}, listChecks)).toEqual([
      {field: 'query:$top', message: `must be ${BOUND_WORDS.maximum(top.schema.maximum!)}`},
    ]);
    expect(checkParameters(list, {'query:$top': '10'}, listChecks)).toEqual([]);
  });
});

describe('the request, as sent and as curl', () => {
  it('path values are one encoded segment each; query values are form-encoded; empty ones are left out', () => {
    expect(requestUrl('https://api.kestrel.example/v1/', '/invoices/{invoiceId}', {invoiceId: 'a/b c?'}, [])).toBe(
      'https://api.kestrel.example/v1/invoices/a%2Fb%20c%3F',
    );
    expect(
      requestUrl('https://api.kestrel.example/v1', '/invoices', {}, [
        ['$filter', "status eq 'UNPAID' & more"],
        ['$top', ''],
        ['$skip', '10'],
      ]),
    ).toBe('https://api.kestrel.example/v1/invoices?%24filter=status+eq+%27UNPAID%27+%26+more&%24skip=10');
  });

  it('an idempotent write carries the token, the content type, the key and the body as written', () => {
    const request = buildRequest(operation('issue-invoice'), {
      server: LOCAL_SANDBOX_SERVER.url,
      token: 'sk_test',
      values: {},
      idempotencyKey: 'key-1',
      body: '{"memo": "it\'s"}',
    });
    expect(request).toEqual({
      method: 'POST',
      url: `${LOCAL_SANDBOX_SERVER.url}/invoices`,
      headers: [
        ['Accept', 'application/json'],
        ['Authorization', 'Bearer sk_test'],
        ['Content-Type', 'application/json'],
        ['Idempotency-Key', 'key-1'],
      ],
      body: '{"memo": "it\'s"}',
    });
    // The token is left out: the copy reads the key from the environment, through printf.
    const copy = tryItCurl(request);
    expect(copy).toBe(
      [
        `curl '${LOCAL_SANDBOX_SERVER.url}/invoices' \\`,
        '  --request POST \\',
        `  --header @<(printf 'Authorization: Bearer %s\\n' "$${API_KEY_VARIABLE}") \\`,
        "  --header 'Accept: application/json' \\",
        "  --header 'Content-Type: application/json' \\",
        "  --header 'Idempotency-Key: key-1' \\",
        `  --data-raw '{"memo": "it'\\''s"}' \\`,
        `  --max-time ${TIMEOUT_SECONDS}`,
      ].join('\n'),
    );
    expect(copy).not.toContain('sk_test');
  });

  it('without a token no Authorization header is sent', () => {
    const request = buildRequest(operation('get-invoices'), {server: 'https://x.example/v1', token: '', values: {}});
    expect(request.headers).toEqual([['Accept', 'application/json']]);
    expect(tryItCurl(request)).toBe(
      `curl 'https://x.example/v1/invoices' \\\n  --header 'Accept: application/json' \\\n  --max-time ${TIMEOUT_SECONDS}`,
    );
  });

  it('shell quoting keeps every character literal', () => {
    expect(shellQuote("it's $HOME `x` \\n")).toBe("'it'\\''s $HOME `x` \\n'");
  });
});

describe('the API release (Kestrel-Version)', () => {
  const served = readReleases().map((r) => r.version);
  const versionOf = (op: TryItOperation) => op.parameters.find((p) => p.name === VERSION_HEADER)!;

  it('is a choice among the releases served, newest first, optional and not sent by default', () => {
    const op = tryItOperation(model, findOperation(model, 'get-invoices'), served);
    const parameter = versionOf(op);
    expect(parameter).toMatchObject({in: 'header', required: false});
    expect(parameter.schema.enum).toEqual([...served].reverse());
    // Without the releases (a definition alone), the header stays a text field.
    expect(versionOf(operation('get-invoices')).schema.enum).toBeUndefined();
    // The other parameters are untouched.
    expect(op.parameters.filter((p) => p.name !== VERSION_HEADER)).toEqual(
      operation('get-invoices').parameters.filter((p) => p.name !== VERSION_HEADER),
    );
  });

  it('is sent as the header, and in the curl copy, only when one is picked', () => {
    const op = tryItOperation(model, findOperation(model, 'get-invoices'), served);
    const key = `header:${VERSION_HEADER}`;
    const picked = buildRequest(op, {server: 'https://x.example/v1', token: '', values: {[key]: served[0]!}});
    expect(picked.headers).toEqual([
      ['Accept', 'application/json'],
      [VERSION_HEADER, served[0]],
    ]);
    expect(tryItCurl(picked)).toContain(`  --header '${VERSION_HEADER}: ${served[0]}' \\\n`);
    const none = buildRequest(op, {server: 'https://x.example/v1', token: '', values: {[key]: ''}});
    expect(none.headers).toEqual([['Accept', 'application/json']]);
    expect(tryItCurl(none)).not.toContain(VERSION_HEADER);
  });

  it('that answered is shown with its Deprecation and Sunset, whatever the case of the names', () => {
    const headers: [string, string][] = [
      ['content-type', 'application/json'],
      ['sunset', 'Wed, 26 May 2027 00:00:00 GMT'],
      ['kestrel-version', '1.0.0'],
      ['deprecation', '@1795737600'],
    ];
    expect(releaseFacts({headers})).toEqual([
      [VERSION_HEADER, '1.0.0'],
      ['Deprecation', '@1795737600'],
      ['Sunset', 'Wed, 26 May 2027 00:00:00 GMT'],
    ]);
    expect(releaseFacts({headers: [['kestrel-version', '2.0.0']]})).toEqual([[VERSION_HEADER, '2.0.0']]);
  });
});

describe('the answer', () => {
  it('a JSON body is pretty-printed; any other text is shown as it came', () => {
    expect(prettyBody('{"a":[1,2]}')).toEqual({body: '{\n  "a": [\n    1,\n    2\n  ]\n}', json: true});
    expect(prettyBody('<html>')).toEqual({body: '<html>', json: false});
  });

  it('no answer is said in words: offline, else unreachable or not allowed by CORS, naming the origin', () => {
    const request = {method: 'GET' as const, url: `${LOCAL_SANDBOX_SERVER.url}/invoices`, headers: []};
    expect(networkFailure(request, false).message).toMatch(/offline/);
    const online = networkFailure(request, true).message;
    expect(online).toContain(LOCAL_SANDBOX_ORIGIN);
    expect(online).toMatch(/refused/);
    expect(online).toMatch(/CORS/);
  });
});
