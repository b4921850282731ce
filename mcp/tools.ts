/**
 * The tools, by their contract names, with described input schemas. The ones that only read are
 * annotated `readOnlyHint: true`; the sandbox's writes (requests, the clock, test events, reset) are
 * not. Every answer is text; an error is `isError` with a message that says what to do.
 */
import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import type {DefinitionLookup} from './definition-lookup.ts';
import {LANGUAGE_NAMES} from './definition-lookup.ts';
import {PATH_EXAMPLES} from './api-path.ts';
import {pagedText} from './paging.ts';
import {readPage} from './read-page.ts';
import type {SandboxCalls} from './sandbox-calls.ts';
import {DEFAULT_LIMIT, MAX_LIMIT, type DocsSearch} from './search-docs.ts';
import type {SiteBuild} from './site-build.ts';
import type {WorkflowCalls} from './workflow-calls.ts';
import {checkWebhookEndpoint} from './webhook-check-calls.ts';
import {LOCAL_SANDBOX_HOST, LOCAL_SANDBOX_PORT} from '../sandbox/local-sandbox.mjs';
import {SIMULATE_HEADER} from '../sandbox/test-input-triggers.ts';
import {API_VERSION} from './api-version-input.ts';

type Answer = {ok: true; text: string} | {ok: false; error: string};

const reply = (answer: Answer) =>
  answer.ok
    ? {content: [{type: 'text' as const, text: answer.text}]}
    : {content: [{type: 'text' as const, text: answer.error}], isError: true};

/** A long answer's next part: the cursor the previous part named (Markdown parts end at a section). */
const CURSOR = z
  .string()
  .optional()
  .describe(
    'The cursor the previous part of a long answer gave, with the same other arguments, to read the next part.',
  );

const inParts = (answer: Answer, cursor: string | undefined, tool: string): Answer =>
  answer.ok ? pagedText(answer.text, cursor, (next) => `call ${tool} again with cursor "${next}"`) : answer;

const READ_ONLY = {readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false};
const SANDBOX_WRITE = {readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false};

export interface ToolParts {
  site: SiteBuild;
  search: DocsSearch;
  definition: DefinitionLookup;
  sandbox: SandboxCalls;
  workflows: WorkflowCalls;
}

export function registerTools(server: McpServer, {site, search, definition, sandbox, workflows}: ToolParts): void {
  server.registerTool(
    'search_docs',
    {
      title: 'Search the Kestrel docs',
      description:
        'Searches the Kestrel developer portal (guides and API reference) with the ranking of its search box. Each result has a title, a route with its #anchor (open it with read_page) and a snippet.',
      inputSchema: {
        query: z
          .string()
          .min(1)
          .describe('What to look for, in words or as an identifier: "receive a payment", "429", "amount.currency".'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(MAX_LIMIT)
          .optional()
          .describe(`How many results (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}).`),
        offset: z
          .number()
          .int()
          .min(0)
          .optional()
          .describe('How many results to skip: the nextOffset of the previous answer (default 0).'),
      },
      annotations: READ_ONLY,
    },
    async ({query, limit, offset}) => {
      const answer = await search.search(query, limit ?? DEFAULT_LIMIT, offset ?? 0);
      const lines = answer.results.map(
        (r, i) => `${answer.offset + i + 1}. ${r.title}\n   ${r.route}\n   ${r.snippet}`,
      );
      const more =
        answer.nextOffset === undefined ? '' : `\n\nMore: call search_docs with offset ${answer.nextOffset}.`;
      const head = `${answer.total} results for "${query}"${answer.results.length ? `, ${answer.offset + 1}-${answer.offset + answer.results.length}` : ''}:`;
      return {
        content: [
          {type: 'text', text: `${head}\n\n${lines.join('\n\n') || 'No page matches; try other words.'}${more}`},
        ],
        structuredContent: {...answer},
      };
    },
  );

  server.registerTool(
    'read_page',
    {
      title: 'Read a docs page',
      description:
        'Reads a page of the portal as Markdown: a route as search_docs gives it (/walkthrough/receiving-payments, with or without .md). A #anchor reads just that section. A long page comes in parts: pass the cursor the answer gives for the next.',
      inputSchema: {
        route: z
          .string()
          .min(1)
          .describe('The page route, such as /api/issue-invoice or /webhooks/overview#event-types.'),
        cursor: z.string().optional().describe('The cursor a previous part of this page gave, to read the next part.'),
      },
      annotations: READ_ONLY,
    },
    async ({route, cursor}) => {
      const page = readPage(site, route, cursor);
      if (!page.ok) return reply(page);
      const footer =
        page.nextCursor === undefined
          ? ''
          : `\n\n[part ${page.part} of ${page.parts}; call read_page with route "${page.route}" and cursor "${page.nextCursor}" for the next part]`;
      return {
        content: [{type: 'text', text: `${page.text}${footer}`}],
        structuredContent: {
          route: page.route,
          part: page.part,
          parts: page.parts,
          ...(page.nextCursor && {nextCursor: page.nextCursor}),
        },
      };
    },
  );

  server.registerTool(
    'get_operation',
    {
      title: 'Describe an API operation',
      description:
        'An operation of the Kestrel API from its definition: parameters, request body fields with constraints, responses, each error with its catalogue row, and a code sample. Name it one way: slug, operationId, or method and path.',
      inputSchema: {
        slug: z
          .string()
          .optional()
          .describe("The operation page's slug: issue-invoice (its page is /api/issue-invoice)."),
        operationId: z.string().optional().describe('The operationId: issueInvoice.'),
        method: z.string().optional().describe('The HTTP method, with path: POST.'),
        path: z
          .string()
          .optional()
          .describe('The path template or a concrete path, with method: /invoices or /invoices/{invoiceId}.'),
        language: z
          .string()
          .optional()
          .describe(
            `The code sample's language, as the pages' tabs name it (default cURL): ${LANGUAGE_NAMES.join(', ')}.`,
          ),
        cursor: CURSOR,
      },
      annotations: READ_ONLY,
    },
    async ({cursor, ...query}) => reply(inParts(await definition.getOperation(query), cursor, 'get_operation')),
  );

  server.registerTool(
    'lookup_error',
    {
      title: 'Look up an error code',
      description:
        'An error code of the Kestrel API (the `code` of a problem answer): its status, meaning, whether to retry, what to do, and the operations that answer it.',
      inputSchema: {
        code: z.string().min(1).describe('The code, such as VALIDATION_FAILED or INVOICE_NOT_FOUND.'),
        cursor: CURSOR,
      },
      annotations: READ_ONLY,
    },
    async ({code, cursor}) => reply(inParts(await definition.lookupError(code), cursor, 'lookup_error')),
  );

  server.registerTool(
    'sandbox_get',
    {
      title: 'Read from the local sandbox',
      description:
        "Sends a GET to the local Kestrel sandbox (as sandbox_request does) and answers the sandbox's API base, status, headers and body; it never changes the sandbox. A list pages with $top and $skip, and an answer too long for one reply comes in parts: the answer's part.cursor, given to sandbox_next_part, reads the next.",
      inputSchema: {
        path: z
          .string()
          .min(1)
          .describe(`The API path with its query, such as ${PATH_EXAMPLES} (/v1 is added); not a URL.`),
        headers: z.record(z.string(), z.string()).optional().describe('Extra request headers.'),
      },
      annotations: READ_ONLY,
    },
    async ({path, headers}) => reply(await sandbox.request({method: 'GET', path, ...(headers && {headers})})),
  );

  server.registerTool(
    'sandbox_next_part',
    {
      title: 'Read the next part of a long sandbox answer',
      description:
        "A sandbox tool's answer longer than one reply keeps its longest list cut to the items that fit, and names the next items' cursor under part.cursor. This reads them from the answer as it was (nothing is sent again).",
      inputSchema: {cursor: z.string().min(1).describe('The part.cursor of the previous part, such as a3.40.')},
      annotations: READ_ONLY,
    },
    async ({cursor}) => reply(sandbox.nextPart(cursor)),
  );

  server.registerTool(
    'sandbox_request',
    {
      title: 'Call the local sandbox',
      description: `Sends a request, usually a write (sandbox_get only reads), to the local Kestrel sandbox (KESTREL_SANDBOX_URL, else a sandbox at ${LOCAL_SANDBOX_HOST}:${LOCAL_SANDBOX_PORT}, else one this server starts) and answers the sandbox's API base (sandbox), status, headers (RateLimit-*, Idempotent-Replayed, Kestrel-Version: the release that answered, and Deprecation and Sunset when that release is deprecated) and body. Only a path under the sandbox's API base is called: a URL, //host or a .. segment is refused, and so is a subscription whose webhookUrl is off this machine's loopback (unless the server runs with --remote-webhooks). A bearer token is sent unless headers give one.`,
      inputSchema: {
        method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).describe('The HTTP method.'),
        path: z
          .string()
          .min(1)
          .describe(`The API path with its query, such as ${PATH_EXAMPLES} (/v1 is added); not a URL.`),
        body: z.record(z.string(), z.json()).optional().describe('The JSON body (an object), for POST, PUT and PATCH.'),
        headers: z
          .record(z.string(), z.string())
          .optional()
          .describe(`Extra request headers, such as ${SIMULATE_HEADER}.`),
        idempotencyKey: z
          .string()
          .optional()
          .describe(
            'Sent as Idempotency-Key: operations that create or move money need one; reuse it to retry safely.',
          ),
        apiVersion: API_VERSION,
      },
      annotations: SANDBOX_WRITE,
    },
    async (call) => reply(await sandbox.request(call)),
  );

  server.registerTool(
    'sandbox_advance_clock',
    {
      title: 'Move the sandbox clock forward',
      description:
        'Moves the sandbox clock forward: everything due in between runs in order (quotes expire, simulated payments land, webhooks and their retries are sent). Time never moves back. Answers the new time and what ran: statusChanges (each object, id, from and to status, at) and deliveries (each webhook attempt: event, subscription, attempt number, status or error), with deliveriesInFlight for those still sending.',
      inputSchema: {
        seconds: z
          .number()
          .min(0)
          .max(366 * 24 * 3600)
          .describe('How many seconds to move forward (up to one year).'),
      },
      annotations: SANDBOX_WRITE,
    },
    async ({seconds}) => reply(await sandbox.advanceClock(seconds)),
  );

  server.registerTool(
    'sandbox_send_test_event',
    {
      title: 'Send a test webhook event',
      description:
        'Sends one signed test event to a webhook subscription, once, without retries, and answers how the delivery went.',
      inputSchema: {
        subscriptionId: z.string().min(1).describe("The subscription's id (from POST /subscriptions)."),
        eventType: z
          .string()
          .optional()
          .describe("The event type, such as invoice.updated (default: the subscription's first)."),
      },
      annotations: SANDBOX_WRITE,
    },
    async ({subscriptionId, eventType}) => reply(await sandbox.sendTestEvent(subscriptionId, eventType)),
  );

  server.registerTool(
    'sandbox_reset',
    {
      title: 'Reset the sandbox',
      description:
        'Forgets every object of a sandbox this server started (a fresh sandbox on the same port, its clock at now). A sandbox started elsewhere is left alone.',
      inputSchema: {},
      annotations: {...SANDBOX_WRITE, destructiveHint: true},
    },
    async () => reply(await sandbox.reset()),
  );

  server.registerTool(
    'sandbox_deliveries',
    {
      title: 'Webhook delivery log',
      description:
        'Every webhook delivery attempt of the sandbox, newest first: URL, status or error, latency, attempt number, next retry and the Kestrel-Signature header sent.',
      inputSchema: {
        subscriptionId: z.string().optional().describe('Only attempts to this subscription.'),
        eventId: z.string().optional().describe('Only attempts of this event.'),
        limit: z.number().int().min(1).max(100).optional().describe('How many attempts (default 20, at most 100).'),
      },
      annotations: READ_ONLY,
    },
    async (filter) => reply(await sandbox.deliveries(filter)),
  );

  server.registerTool(
    'list_workflows',
    {
      title: 'List the workflows',
      description:
        'The procedures the guides teach, as Arazzo 1.0.1 documents (published at /workflows/<id>.arazzo.yaml): each with its summary, the guide section that teaches it, the faults it runs through and its steps (operationId and what each does). run_workflow runs one.',
      inputSchema: {cursor: CURSOR},
      annotations: READ_ONLY,
    },
    async ({cursor}) => reply(inParts(await workflows.list(), cursor, 'list_workflows')),
  );

  server.registerTool(
    'run_workflow',
    {
      title: 'Run a workflow against the local sandbox',
      description:
        "Runs one workflow (an id from list_workflows) against the local sandbox the sandbox_* tools call, never another host, and answers pass or fail per step with its status and detail. Its idempotency keys and order id are made fresh per run unless inputs give them. A workflow that needs the sandbox restarted (fault 'restart') fails at that step: this server cannot restart a sandbox.",
      inputSchema: {
        id: z.string().min(1).describe('The workflow id, such as make-a-payout.'),
        inputs: z
          .record(z.string(), z.json())
          .optional()
          .describe("The workflow's inputs to set (such as orderId); the others are made fresh."),
      },
      annotations: SANDBOX_WRITE,
    },
    async ({id, inputs}) => {
      const answer = await workflows.run(id, inputs as Record<string, unknown> | undefined);
      if (!answer.ok || !answer.run) return reply(answer);
      return {content: [{type: 'text', text: answer.text}], structuredContent: {...answer.run}};
    },
  );

  server.registerTool(
    'check_webhook_endpoint',
    {
      title: 'Check a webhook endpoint',
      description:
        "Sends a webhook endpoint on this machine the deliveries a handler must survive, signed as Kestrel signs them: a valid event, a bad or missing signature, stale and future timestamps, a duplicate, events out of order, an unknown type, a redelivery after a 5xx, and the answer time. Answers pass or fail per case with what it saw. The signing secret comes from secretFile or this server's KESTREL_WEBHOOK_SECRET, never from the conversation.",
      inputSchema: {
        url: z
          .string()
          .min(1)
          .describe('The endpoint on the loopback, such as http://127.0.0.1:3000/webhooks/kestrel.'),
        secretFile: z
          .string()
          .optional()
          .describe("A file holding the endpoint's signing secret (default: this server's KESTREL_WEBHOOK_SECRET)."),
        apiPort: z
          .number()
          .int()
          .min(1)
          .max(65_535)
          .optional()
          .describe(
            "Stand in for the Kestrel API on 127.0.0.1 at this port, to check what the endpoint processes; the endpoint's API base must point there.",
          ),
        timeoutMs: z
          .number()
          .int()
          .min(1)
          .optional()
          .describe("How long the endpoint has to answer, in ms (default: Kestrel's delivery timeout)."),
      },
      // It sends requests that an endpoint stores and acts on, to this machine only.
      annotations: {readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false},
    },
    async (call) => {
      const answer = await checkWebhookEndpoint(call);
      if (!answer.ok || !answer.report) return reply(answer);
      return {content: [{type: 'text', text: answer.text}], structuredContent: {...answer.report}};
    },
  );
}
