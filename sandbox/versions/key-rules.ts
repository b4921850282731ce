/**
 * What an Idempotency-Key keeps, and how a retry's body is compared, at each release. Since
 * 2.0.0, the definition's `x-idempotency` table: only the answers an operation decided once it
 * ran, bodies compared as parsed JSON. Release 1.0.0 kept every answer but `429`, `500` and `503`,
 * also one given before the operation ran (an invalid body or parameter), and compared bodies as
 * sent, byte for byte: "the same key with a different body answers 409". Who a key belongs to (the
 * account) is a fix to every version, and no rule here. The first request's version rules its key.
 */
import type {IdempotencyRules} from '../../definition/index.ts';

interface KeyRules {
  /** How a retry's body is compared with the first request's. */
  bodyComparison: IdempotencyRules['bodyComparison'];
  /** Whether an answer given before the operation ran (an invalid body, parameter or path id) is kept. */
  keepsRefusals: boolean;
  /** Whether an answer with `status` is kept. */
  keeps: (status: number) => boolean;
}

/** The answers 1.0.0 did not keep: "Responses with status 429, 500 or 503 are not stored". */
const V1_NOT_KEPT = new Set([429, 500, 503]);

const EARLIER: Record<string, KeyRules> = {
  '1.0.0': {bodyComparison: 'bytes', keepsRefusals: true, keeps: (status) => !V1_NOT_KEPT.has(status)},
};

/** A release's own rules, or undefined where the definition's table applies. */
export const keyRulesAt = (apiVersion: string): KeyRules | undefined => EARLIER[apiVersion];
