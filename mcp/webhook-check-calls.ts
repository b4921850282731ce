/**
 * check_webhook_endpoint: the webhook check (webhook-check/, `npm run webhooks -- check`) for an
 * assistant, against a loopback URL only: the signed deliveries go to an endpoint on this machine,
 * never elsewhere. The secret is read from a file or from this server's environment, so it never
 * passes through the conversation.
 */
import type {Answer} from './sandbox-calls.ts';
import type {CheckReport} from '../webhook-check/check.ts';

// Loaded on first use: most sessions never check an endpoint.
const webhookCheck = () => import('../webhook-check/check.ts');
const secrets = () => import('../webhook-check/secret.ts');

export interface WebhookCheckCall {
  url: string;
  secretFile?: string;
  apiPort?: number;
  timeoutMs?: number;
}

export async function checkWebhookEndpoint(call: WebhookCheckCall): Promise<Answer & {report?: CheckReport}> {
  const {checkEndpoint, CheckError, reportLines} = await webhookCheck();
  const {readSecret, SecretError} = await secrets();
  try {
    const report = await checkEndpoint({
      ...call,
      secret: readSecret(call.secretFile, 'secretFile'),
      allowRemote: false,
    });
    return {ok: true, text: reportLines(report, 'apiPort').join('\n'), report};
  } catch (error) {
    if (error instanceof CheckError || error instanceof SecretError) return {ok: false, error: error.message};
    throw error;
  }
}
