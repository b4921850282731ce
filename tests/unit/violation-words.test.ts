/**
 * The one wording of a value that breaks its schema (config/violation-words.ts): how a field is
 * named, how each rule is said, and that the local sandbox's 422 answers and the "Try it"
 * explorer's checks before sending name the same fields with the same words for the same bodies.
 */
import {createRequire} from 'node:module';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {asSentence} from '../../config/schema-words';
import type {TryItOperation} from '../../config/try-it';
import {fieldPath, violationField, violationSentence, violationWords} from '../../config/violation-words';
import {buildDefinition, findOperation, tryItOperation, type JsonObject} from '../../definition/index.ts';
import {tryItValidatorModule} from '../../definition/try-it-validators.ts';
import {checkBody, type Check} from '../../src/components/TryIt/checks';
import {loadBundledDefinition} from './openapi-definition';
import {sandboxWithReceiver} from './sandbox-in-process';

describe('fieldPath and violationField', () => {
  it('reads a JSON pointer as a field path: dots between names, brackets around indexes', () => {
    expect(fieldPath('/amount/currency')).toBe('amount.currency');
    expect(fieldPath('/items/0/id')).toBe('items[0].id');
    expect(fieldPath('/eventTypes/1')).toBe('eventTypes[1]');
    expect(fieldPath('/a~1b/c~0d')).toBe('a/b.c~d');
    expect(fieldPath('')).toBe('');
    expect(fieldPath('/amount', 'currency')).toBe('amount.currency');
  });

  it('names a missing or unknown field below its object, any other at the value', () => {
    expect(violationField({keyword: 'required', instancePath: '/amount', params: {missingProperty: 'currency'}})).toBe(
      'amount.currency',
    );
    expect(violationField({keyword: 'additionalProperties', instancePath: '', params: {additionalProperty: 'x'}})).toBe(
      'x',
    );
    expect(violationField({keyword: 'maxLength', instancePath: '/items/2/memo', params: {limit: 3}})).toBe(
      'items[2].memo',
    );
  });
});

describe('violationWords', () => {
  const said = (keyword: string, params: Record<string, unknown>) =>
    violationWords({keyword, instancePath: '', params});

  it('says each rule, its bounds as the pages word them: one character, two items', () => {
    expect(said('required', {missingProperty: 'a'})).toBe('is required');
    expect(said('type', {type: 'string,null'})).toBe('must be of type string or null');
    expect(said('enum', {allowedValues: ['USD', 'EUR']})).toBe('must be one of "USD", "EUR"');
    expect(said('const', {allowedValue: 'x'})).toBe('must be "x"');
    expect(said('pattern', {pattern: '^a$'})).toBe('must match the pattern ^a$');
    expect(said('format', {format: 'uuid'})).toBe('must be a valid uuid');
    expect(said('minLength', {limit: 1})).toBe('must be at least 1 character');
    expect(said('maxLength', {limit: 64})).toBe('must be at most 64 characters');
    expect(said('minimum', {limit: 300, comparison: '>='})).toBe('must be at least 300');
    expect(said('maximum', {limit: 100, comparison: '<='})).toBe('must be at most 100');
    expect(said('exclusiveMinimum', {limit: 0, comparison: '>'})).toBe('must be greater than 0');
    expect(said('exclusiveMaximum', {limit: 1, comparison: '<'})).toBe('must be less than 1');
    expect(said('multipleOf', {multipleOf: 0.01, limit: 0.01})).toBe('must be a multiple of 0.01');
    expect(said('minItems', {limit: 1})).toBe('must have at least 1 item');
    expect(said('maxItems', {limit: 10})).toBe('must have at most 10 items');
    expect(said('uniqueItems', {i: 1, j: 0})).toBe('must not repeat items (items 0 and 1 are equal)');
    expect(said('additionalProperties', {additionalProperty: 'x'})).toBe('is not a field of this request');
    expect(said('oneOf', {})).toBe('must match exactly one of the documented shapes');
    expect(said('dependentRequired', {})).toBe('is invalid (dependentRequired)');
  });

  it('is a sentence in the sandbox: capital first, full stop last', () => {
    expect(violationSentence({keyword: 'minLength', instancePath: '/secret', params: {limit: 16}})).toBe(
      'Must be at least 16 characters.',
    );
  });
});

describe('the sandbox and the explorer word the same bodies the same way', () => {
  const model = buildDefinition(structuredClone(loadBundledDefinition()) as JsonObject);
  const sandbox = sandboxWithReceiver({rateLimit: false}, (_, res) => res.end());
  beforeAll(sandbox.start);
  afterAll(sandbox.stop);

  /** An operation's compiled body check, loaded as the bundler loads the generated module. */
  function bodyCheck(op: TryItOperation): Check {
    const module = {exports: {} as {body?: Check}};
    new Function('require', 'module', 'exports', tryItValidatorModule(op))(
      createRequire(import.meta.url),
      module,
      module.exports,
    );
    return module.exports.body!;
  }

  const subscription = {
    webhookUrl: 'https://example.com/hook',
    webhookVersion: '2025-06-01',
    secret: 'a-secret-of-24-characters',
    eventTypes: ['invoice.created'],
  };
  const invoice = {amount: {amount: '10.00', currency: 'USD'}};
  const cases: Array<[string, string, string, Record<string, unknown>]> = [
    ['a secret too short', 'create-subscription', '/subscriptions', {...subscription, secret: 'short'}],
    ['no event types', 'create-subscription', '/subscriptions', {...subscription, eventTypes: []}],
    [
      'an event type twice',
      'create-subscription',
      '/subscriptions',
      {...subscription, eventTypes: ['invoice.created', 'invoice.created']},
    ],
    ['an unknown version', 'create-subscription', '/subscriptions', {...subscription, webhookVersion: '1999-01-01'}],
    [
      'a missing URL and a text for a boolean',
      'create-subscription',
      '/subscriptions',
      {
        ...subscription,
        webhookUrl: undefined,
        enabled: 'yes',
      },
    ],
    ['an expiry too soon', 'issue-invoice', '/invoices', {...invoice, expiresInSeconds: 10}],
    ['a description too long', 'issue-invoice', '/invoices', {...invoice, description: 'x'.repeat(501)}],
    ['an amount in words and no currency', 'issue-invoice', '/invoices', {amount: {amount: 'ten'}}],
  ];

  it.each(cases)('%s', async (_, slug, path, body) => {
    const op = tryItOperation(model, findOperation(model, slug));
    const text = JSON.stringify(body);
    const problems = checkBody(text, bodyCheck(op), true).problems;
    expect(problems.length).toBeGreaterThan(0);
    const answer = await sandbox.call('POST', `/v1${path}`, JSON.parse(text), crypto.randomUUID());
    expect([answer.status, answer.body.code]).toEqual([422, 'VALIDATION_FAILED']);
    const explorer: Record<string, string[]> = {};
    for (const {field, message} of problems) (explorer[field] ??= []).push(asSentence(message));
    expect(answer.body.validationErrors).toEqual(explorer);
  });
});
