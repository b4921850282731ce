/**
 * A small definition for the API-changes rules: two operations, a webhook, the rule data, one
 * open and two closed enums. Each test changes a fresh copy and diffs it with the original.
 */
import {diffByRules} from '../../definition/changes/diff.ts';
import type {ApiChange} from '../../definition/changes/index.ts';

const problem = (examples: Record<string, string>) => ({
  'application/problem+json': {
    schema: {$ref: '#/components/schemas/Problem'},
    examples: Object.fromEntries(Object.entries(examples).map(([name, code]) => [name, {value: {code}}])),
  },
});

// Each test edits its copy freely (adds a field, drops a response), which no one static type describes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type Fixture = any;

export function fixture(): Fixture {
  return {
    openapi: '3.1.0',
    info: {title: 'Fixture', version: '1.0.0'},
    paths: {
      '/widgets': {
        post: {
          operationId: 'createWidget',
          tags: ['Widgets'],
          summary: 'Create a widget',
          parameters: [
            {$ref: '#/components/parameters/IdempotencyKey'},
            {name: 'dryRun', in: 'query', schema: {type: 'boolean'}},
          ],
          requestBody: {
            required: true,
            content: {'application/json': {schema: {$ref: '#/components/schemas/WidgetCreate'}}},
          },
          responses: {
            '201': {
              description: 'Created',
              content: {'application/json': {schema: {$ref: '#/components/schemas/Widget'}}},
            },
            '422': {
              description: 'Refused',
              content: problem({tooLarge: 'AMOUNT_TOO_LARGE', invalid: 'VALIDATION_FAILED'}),
            },
          },
        },
      },
      '/widgets/{widgetId}': {
        get: {
          operationId: 'getWidget',
          tags: ['Widgets'],
          summary: 'Get a widget',
          parameters: [{name: 'widgetId', in: 'path', required: true, schema: {type: 'string'}}],
          responses: {
            '200': {
              description: 'The widget',
              headers: {ETag: {schema: {type: 'string'}}},
              content: {'application/json': {schema: {$ref: '#/components/schemas/Widget'}}},
            },
            '404': {description: 'Not found', content: problem({notFound: 'WIDGET_NOT_FOUND'})},
          },
        },
      },
    },
    webhooks: {
      'widget.updated': {
        post: {
          operationId: 'widgetUpdated',
          summary: 'Widget updated',
          requestBody: {content: {'application/json': {schema: {$ref: '#/components/schemas/WidgetEvent'}}}},
          responses: {'200': {description: 'Received'}},
        },
      },
    },
    components: {
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          schema: {type: 'string'},
          'x-idempotency': {
            retentionHours: 24,
            bodyComparison: 'parsed-json',
            outcomes: [
              {status: '2xx', kept: true, next: 'no'},
              {status: 422, code: 'AMOUNT_TOO_LARGE', kept: true, next: 'new-key'},
              {status: 422, code: 'VALIDATION_FAILED', kept: false, next: 'same-key-once-fixed'},
            ],
          },
        },
      },
      schemas: {
        WidgetCreate: {
          type: 'object',
          required: ['name'],
          properties: {
            name: {type: 'string', maxLength: 40, pattern: '^[a-z]+$', examples: ['gear']},
            quantity: {type: 'integer', minimum: 1, maximum: 100},
            size: {$ref: '#/components/schemas/WidgetSize'},
          },
        },
        Widget: {
          type: 'object',
          required: ['id', 'name', 'status'],
          properties: {
            id: {type: 'string', format: 'uuid'},
            name: {type: 'string'},
            status: {$ref: '#/components/schemas/WidgetStatus'},
            size: {$ref: '#/components/schemas/WidgetSize'},
          },
        },
        WidgetStatus: {type: 'string', enum: ['NEW', 'DONE']},
        WidgetSize: {type: 'string', enum: ['S', 'M', 'L']},
        EventType: {type: 'string', enum: ['widget.updated'], 'x-ms-enum': {name: 'EventType', modelAsString: true}},
        ErrorCode: {
          type: 'string',
          enum: ['AMOUNT_TOO_LARGE', 'VALIDATION_FAILED', 'WIDGET_NOT_FOUND', 'WIDGET_LOCKED'],
          'x-ms-enum': {name: 'ErrorCode', modelAsString: true},
        },
        Problem: {type: 'object', properties: {code: {$ref: '#/components/schemas/ErrorCode'}}},
        WidgetEvent: {
          type: 'object',
          required: ['id', 'eventType', 'data'],
          properties: {
            id: {type: 'string'},
            eventType: {$ref: '#/components/schemas/EventType'},
            data: {type: 'object', properties: {entityId: {type: 'string'}, colour: {type: 'string'}}},
          },
        },
      },
    },
    'x-webhook-delivery': {
      timeoutSeconds: 10,
      acknowledgedBy: '2xx',
      attemptMinutes: [0, 1, 5],
      secretRotationOverlapHours: 24,
    },
    'x-webhook-signature': {
      header: 'Kestrel-Signature',
      algorithm: 'HMAC-SHA256',
      secretEncoding: 'utf-8',
      signedPayload: '{t}.{body}',
      timestampKey: 't',
      signatureKey: 'v1',
      signatureEncoding: 'hex',
      toleranceSeconds: 300,
    },
    'x-api-lifecycle': {deprecationNoticeDays: 180, webhookVersionSupportDays: 365},
  };
}

/** The changes our rules find after `change` edits a copy of the fixture. */
export function changesAfter(change: (doc: Fixture) => void): ApiChange[] {
  const newer = fixture();
  change(newer);
  return diffByRules(fixture(), newer);
}

export const breaking = (changes: ApiChange[]) => changes.filter((c) => c.severity === 'breaking');
