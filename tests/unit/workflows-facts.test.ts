/**
 * workflows/facts.ts: the workflow documents move the sandbox clock by the facts they name, so a
 * changed retry schedule, event retention or secret overlap in the definition changes the moves
 * with no edit to a document; a fact that is no fact, or a sum of text, fails naming the file.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {buildDefinition, loadDefinition, webhookDeliveryOf, type JsonObject} from '../../definition/index';
import {factsOf} from '../../plugins/prose-facts/facts';
import type {Document} from '../../workflows/documents';
import {changeContractFacts} from './prose-facts-changes';
import {workflowIds} from '../../workflows/documents';
import {renderedText, renderWorkflowText} from '../../workflows/index';

const ROOT = path.resolve(__dirname, '../..');
const raw = (id: string) => readFileSync(path.join(ROOT, 'workflows', `${id}.arazzo.yaml`), 'utf8');
const model = loadDefinition();

/** Each step's clock move and description, by stepId. */
function steps(text: string) {
  const doc = parse(text) as Document;
  return Object.fromEntries(
    doc.workflows[0]!.steps.map((s) => [
      s.stepId,
      {advance: (s.requestBody?.payload as {advanceSeconds?: unknown})?.advanceSeconds, description: s.description},
    ]),
  );
}

describe('the workflow documents, their facts rendered', () => {
  it("move the clock to the retry schedule's attempts as the definition states them today", () => {
    const minutes = webhookDeliveryOf(model.document).attemptMinutes;
    const recovery = steps(renderedText('webhook-failure-recovery'));
    expect(recovery.secondAttemptDue!.advance).toBe(minutes[1]! * 60);
    expect(recovery.thirdAttemptDue!.advance).toBe((minutes[2]! - minutes[1]!) * 60);
    expect(steps(renderedText('replay-dead-letters')).pastSchedule!.advance).toBe(minutes.at(-1)! * 60);
  });

  it('move it by the new minutes when a copy of the definition changes the schedule, retention and overlap', () => {
    // Attempts at 0, 2, 10 and 90 minutes, a 48-hour overlap, 45 days' retention.
    const copy = structuredClone(model.document) as JsonObject;
    changeContractFacts(copy);
    const facts = factsOf(buildDefinition(copy));
    const recovery = steps(renderWorkflowText(raw('webhook-failure-recovery'), 'w.arazzo.yaml', facts));
    expect(recovery.secondAttemptDue).toEqual({
      advance: 120,
      description: "The retry schedule's second attempt falls due after 2 minutes.",
    });
    expect(recovery.thirdAttemptDue).toEqual({
      advance: 480,
      description: 'The third attempt falls due 10 minutes after the first.',
    });
    const dead = steps(renderWorkflowText(raw('replay-dead-letters'), 'w.arazzo.yaml', facts));
    expect(dead.pastSchedule!.advance).toBe(90 * 60);
    expect(dead.pastRetention).toEqual({advance: 45 * 86400, description: '45 more days pass.'});
    const rotation = steps(renderWorkflowText(raw('webhook-secret-rotation'), 'w.arazzo.yaml', facts));
    expect(rotation.overlapEnds!.advance).toBe(48 * 3600 + 60);
  });

  it('keep every other line as written, and leave no token in any document', () => {
    for (const id of workflowIds()) expect(renderedText(id), id).not.toContain('%fact:');
    const text = "a: 1 # kept\nb: {n: '%fact:x% + 5', m: 2}\nc: >-\n  %fact:y% and\n  more\nd: [z]\n";
    const facts = new Map([
      ['x', '10'],
      ['y', '30 seconds'],
    ]);
    expect(renderWorkflowText(text, 'w.arazzo.yaml', facts)).toBe(
      'a: 1 # kept\nb: {n: 15, m: 2}\nc: "30 seconds and more"\nd: [z]\n',
    );
  });

  it('fail naming the file and the fact when a document names no fact, or adds text', () => {
    const facts = new Map([['hold', '15 minutes']]);
    expect(() => renderWorkflowText("a: '%fact:nope%'\n", 'workflows/w.arazzo.yaml', facts)).toThrow(
      'workflows/w.arazzo.yaml: names the fact "nope", which is not one of: hold',
    );
    expect(() => renderWorkflowText("a: '%fact:hold% + 60'\n", 'workflows/w.arazzo.yaml', facts)).toThrow(
      'workflows/w.arazzo.yaml: "%fact:hold% + 60" adds the fact "hold", which is "15 minutes", not a number',
    );
  });
});
