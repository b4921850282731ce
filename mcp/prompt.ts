/**
 * The one prompt: integrate Kestrel payments, pointing the assistant at the walkthroughs and at the
 * local sandbox, where the integration can run end to end before it meets the real API.
 */
import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import type {ToolSet} from './tool-sets.ts';

export const PROMPT_NAME = 'integrate-kestrel-payments';

/** Step 3 of the prompt: with the sandbox tools, or (`--tools docs`) with a sandbox the reader runs. */
const TRY_IT = {
  all: '3. Run every step against the local sandbox first: sandbox_get reads, sandbox_request writes (send an idempotencyKey on writes), sandbox_advance_clock moves time, and sandbox_deliveries shows the webhooks. /sandbox/ lists its test inputs.',
  // This server may run from its package, with no checkout: the sandbox needs one, or the sandbox tools.
  docs: "3. Run every step against a local sandbox before the real API: /sandbox/#run-a-local-sandbox starts one from a checkout of the portal's source, and this server without --tools docs offers sandbox tools that start their own. /sandbox/ lists its test inputs.",
};

export function integrationPrompt(
  goal: string | undefined,
  language: string | undefined,
  tools: ToolSet = 'all',
): string {
  return [
    `Help me integrate Kestrel payments${goal ? ` to ${goal}` : ''}${language ? `, in ${language}` : ''}.`,
    '',
    'Work from the Kestrel portal through the tools of this server:',
    '1. Read /walkthrough/walkthroughs-overview (read_page) and pick the walkthrough that fits: /walkthrough/receiving-payments, /walkthrough/sending-payments, /walkthrough/exchanging-currencies, /walkthrough/making-payouts or /walkthrough/directing-payments-third-party. /walkthrough/example-apps has complete apps.',
    '2. For each call, get_operation gives the fields, their constraints, the errors and a sample; lookup_error explains an error code.',
    TRY_IT[tools],
    '4. Verify webhook signatures as /webhooks/signature-verification shows, and handle retries as /webhooks/failure-recovery says.',
    'Use search_docs for anything else, and quote the routes you relied on.',
  ].join('\n');
}

export function registerPrompt(server: McpServer, tools: ToolSet = 'all'): void {
  server.registerPrompt(
    PROMPT_NAME,
    {
      title: 'Integrate Kestrel payments',
      description:
        'Plan and build a Kestrel payments integration from the walkthroughs, tried end to end in the local sandbox.',
      argsSchema: {
        goal: z.string().optional().describe('What the integration should do, such as "take payments in my shop".'),
        language: z.string().optional().describe('The language of the code, such as Node.js or Python.'),
      },
    },
    ({goal, language}) => ({
      messages: [{role: 'user', content: {type: 'text', text: integrationPrompt(goal, language, tools)}}],
    }),
  );
}
