/**
 * The named facts that guide prose and the API definition's own descriptions state (render.ts,
 * definition.ts), each rendered from the one place it lives: the API
 * definition's extensions (`x-rate-limit`, `x-webhook-delivery`, `x-webhook-signature`, `x-events`,
 * read through definition/index.ts; `x-idempotency` for the idempotency retention) for what is part of the API contract,
 * and sandbox/ for what only the local sandbox decides. A page writes `%fact:NAME%` where a fact
 * goes (render.ts), so a change at the source changes every page, its Markdown twin, the search
 * index and what the MCP server reads, with no other edit.
 */
import {
  loadDefinition,
  minutesInWords,
  webhookDeliveryOf,
  webhookSignatureOf,
  type ApiDefinition,
} from '../../definition/index.ts';
import {SANDBOX_LIMIT, WINDOW_MS} from '../../sandbox/rate-limit-figures.ts';
import {TIMESTAMP_MARGIN_SECONDS} from '../../webhook-check/cases.ts';

/** The sandbox's own figures: its rate limit and window. */
interface SandboxFigures {
  limit: number;
  windowMs: number;
}

export type Facts = ReadonlyMap<string, string>;

/** The retry schedule as a Markdown table, one row per attempt, in the words the guides use. */
function retryTable(attemptMinutes: readonly number[]): string {
  const last = attemptMinutes.length - 1;
  const rows = attemptMinutes.map((minutes, i) => {
    const when = i === 0 ? 'immediately, when the event is created' : minutesInWords(minutes);
    return `| ${i + 1} | ${i === last ? `${when}, the last attempt` : when} |`;
  });
  return ['| Attempt | Time after the first attempt |', '| --- | --- |', ...rows].join('\n');
}

/** The retry schedule as a Markdown table with one column per attempt, as the definition's introduction writes it. */
function retryTableAcross(attemptMinutes: readonly number[]): string {
  const row = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [
    row(['Attempt', ...attemptMinutes.map((_, i) => i + 1)]),
    row(['---', ...attemptMinutes.map(() => '---')]),
    row(['After', ...attemptMinutes.map((m) => (m === 0 ? 0 : minutesInWords(m)))]),
  ].join('\n');
}

/** The fact table of a definition model and the sandbox's figures. */
export function factsOf(
  model: ApiDefinition,
  sandbox: SandboxFigures = {limit: SANDBOX_LIMIT, windowMs: WINDOW_MS},
): Facts {
  const doc = model.document;
  const rateLimit = model.rateLimit;
  if (!rateLimit) throw new Error('prose-facts: the definition has no x-rate-limit, which the guides state');
  const delivery = webhookDeliveryOf(doc);
  const signature = webhookSignatureOf(doc);
  const minutes = delivery.attemptMinutes;
  const gaps = minutes.slice(1).map((m, i) => m - minutes[i]!);
  const toleranceMinutes = signature.toleranceSeconds / 60;
  const retentionDays = model.eventRetentionDays;
  if (!retentionDays) throw new Error('prose-facts: the definition has no x-events, whose retention the guides state');
  // The pages say "a 5-minute tolerance": a tolerance of part of a minute would need other words.
  if (!Number.isInteger(toleranceMinutes)) {
    throw new Error(
      `prose-facts: x-webhook-signature/toleranceSeconds ${signature.toleranceSeconds} is not whole minutes`,
    );
  }
  return new Map<string, string>([
    ['rate-limit.production', String(rateLimit.requestsPerWindow)],
    ['rate-limit.window-seconds', String(rateLimit.windowSeconds)],
    ['rate-limit.production-minus-one', String(rateLimit.requestsPerWindow - 1)],
    ['rate-limit.sandbox', String(sandbox.limit)],
    ['rate-limit.sandbox-minus-one', String(sandbox.limit - 1)],
    ['rate-limit.sandbox-window-seconds', String(sandbox.windowMs / 1000)],
    ['webhook.timeout-seconds', String(delivery.timeoutSeconds)],
    ['webhook.acknowledged-by', delivery.acknowledgedBy],
    ['webhook.attempts', String(minutes.length)],
    ['webhook.retry-window', minutesInWords(minutes.at(-1)!)],
    ['webhook.first-gap', minutesInWords(gaps[0]!)],
    ['webhook.longest-gap', minutesInWords(Math.max(...gaps))],
    ['webhook.retry-table', retryTable(minutes)],
    ['webhook.retry-table-across', retryTableAcross(minutes)],
    ['webhook.secret-overlap', minutesInWords(delivery.secretRotationOverlapHours * 60)],
    ['events.retention-days', String(retentionDays)],
    // How long an Idempotency-Key keeps its answer (x-idempotency on the Idempotency-Key parameter).
    ...(model.idempotency ? [['idempotency.retention-hours', String(model.idempotency.retentionHours)] as const] : []),
    ['signature.tolerance-seconds', String(signature.toleranceSeconds)],
    ['signature.tolerance-minutes', String(toleranceMinutes)],
    // How far outside the tolerance `npm run webhooks -- check` signs its stale and future deliveries.
    ['signature.check-offset-minutes', String((signature.toleranceSeconds + TIMESTAMP_MARGIN_SECONDS) / 60)],
  ]);
}

/** The facts of the bundled definition (static/openapi.json) and the sandbox's figures. */
export function bundledFacts(): Facts {
  return factsOf(loadDefinition());
}
