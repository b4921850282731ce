/**
 * The workflow documents (`workflows/*.arazzo.yaml`), read and checked for the parts the runner
 * and the publishers rely on: one workflow per document, named as the file, with the guide section
 * that teaches it and the faults it runs through. The facts a document names (`%fact:NAME%`) are
 * rendered first (facts.ts).
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import type {Criterion} from './expressions.ts';
import {renderWorkflowText} from './facts.ts';
import {WORKFLOWS_DIR} from './operations.ts';

export const FAULTS = [
  'restart',
  '5xx-after-work',
  'maintenance',
  'subscription-disabled',
  'rate-limit-burst',
  'clock-past-24h',
  'clock-past-30d',
  'duplicate-delivery',
  'out-of-order-delivery',
] as const;
export type Fault = (typeof FAULTS)[number];

export interface Action {
  name: string;
  type: 'end' | 'goto' | 'retry';
  stepId?: string;
  retryAfter?: number;
  retryLimit?: number;
  criteria?: Criterion[];
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  value: unknown;
}

export interface Step {
  stepId: string;
  description?: string;
  operationId: string;
  parameters?: Parameter[];
  requestBody?: {contentType?: string; payload: unknown};
  successCriteria?: Criterion[];
  outputs?: Record<string, string>;
  onSuccess?: Action[];
  onFailure?: Action[];
  /** What the runner does before the request: `restart` kills the sandbox and starts it again. */
  'x-kestrel-before'?: 'restart';
  /** The fault this step makes happen; the run records that it ran. */
  'x-kestrel-fault'?: Fault;
}

export interface InputSchema {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
}

export interface Workflow {
  workflowId: string;
  summary?: string;
  description?: string;
  inputs?: InputSchema;
  steps: Step[];
  outputs?: Record<string, string>;
}

export interface Document {
  arazzo: string;
  info: {title: string; summary?: string; version: string; 'x-kestrel-guide': string; 'x-kestrel-faults': Fault[]};
  sourceDescriptions: {name: string; url: string; type: string}[];
  workflows: Workflow[];
}

export const SUFFIX = '.arazzo.yaml';

/** The ids of the documents, in file-name order. */
export function workflowIds(): string[] {
  return readdirSync(WORKFLOWS_DIR)
    .filter((f) => f.endsWith(SUFFIX))
    .map((f) => f.slice(0, -SUFFIX.length))
    .sort();
}

/** The document's path from the repository root: `workflows/make-a-payout.arazzo.yaml`. */
export const fileOf = (id: string) => `workflows/${id}${SUFFIX}`;

/** The text of the document with this id, its facts rendered (facts.ts): what the runner reads and the site publishes. */
export const renderedText = (id: string) =>
  renderWorkflowText(readFileSync(path.join(WORKFLOWS_DIR, `${id}${SUFFIX}`), 'utf8'), fileOf(id));

/** The document with this id, checked; a missing or malformed one fails, naming the file. */
export function loadDocument(id: string): Document {
  const file = fileOf(id);
  if (!workflowIds().includes(id))
    throw new Error(`no workflow document ${file}; the ids are ${workflowIds().join(', ')}`);
  const doc = parse(renderedText(id)) as Document;
  const fail = (what: string) => {
    throw new Error(`${file}: ${what}`);
  };
  if (doc.arazzo !== '1.0.1') fail('is not an Arazzo 1.0.1 document');
  if (typeof doc.info?.['x-kestrel-guide'] !== 'string') fail('info has no x-kestrel-guide');
  const faults = doc.info['x-kestrel-faults'];
  if (!Array.isArray(faults) || faults.some((f) => !FAULTS.includes(f)))
    fail(`info.x-kestrel-faults must list faults among ${FAULTS.join(', ')}`);
  if (doc.workflows?.length !== 1 || doc.workflows[0]!.workflowId !== id) fail(`must hold one workflow, ${id}`);
  return doc;
}
