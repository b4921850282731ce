/**
 * The scale bench's definition (bench/scale-definition.mjs): every path copied K times, each
 * operation with its own operationId, summary and path, so the site builds K times as many operation pages.
 */
import {describe, it, expect} from 'vitest';
import {operationCount, scaleDefinition} from '../../bench/scale-definition.mjs';

const definition = {
  openapi: '3.1.0',
  paths: {
    '/invoices': {
      parameters: [{name: 'limit', in: 'query'}],
      get: {operationId: 'getInvoices', summary: 'Get invoices', responses: {200: {description: 'OK'}}},
      post: {operationId: 'issueInvoice', summary: 'Issue invoice', responses: {201: {description: 'Created'}}},
    },
  },
  webhooks: {'invoice.updated': {post: {operationId: 'invoiceUpdatedWebhook', responses: {200: {description: 'OK'}}}}},
};

type Operation = {operationId: string; summary: string};
type Scaled = {paths: Record<string, Record<string, Operation>>; webhooks: unknown};

describe('scaleDefinition', () => {
  it('copies every path K times with distinct paths, operationIds and summaries', () => {
    const scaled = scaleDefinition(definition, 3) as Scaled;
    expect(Object.keys(scaled.paths)).toEqual(['/invoices', '/copy-2/invoices', '/copy-3/invoices']);
    const ids = Object.values(scaled.paths).flatMap((item) => [item.get!.operationId, item.post!.operationId]);
    expect(new Set(ids).size).toBe(6);
    expect(scaled.paths['/copy-3/invoices']!.post!.summary).toBe('Issue invoice copy 3');
    expect(scaled.paths['/invoices']!.get!.operationId).toBe('getInvoices');
    expect(scaled.webhooks).toEqual(definition.webhooks);
    expect(operationCount(scaled)).toBe(6);
    // The original is left as it was.
    expect(Object.keys(definition.paths)).toEqual(['/invoices']);
  });

  it('refuses a K that is not a positive integer, naming it', () => {
    expect(() => scaleDefinition(definition, 0)).toThrow(/times must be a positive integer, got 0/);
    expect(() => scaleDefinition(definition, 2.5)).toThrow(/times must be a positive integer/);
  });
});
