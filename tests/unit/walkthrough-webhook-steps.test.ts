/**
 * The webhook step of each walkthrough that waits for an event shows a receiver from
 * examples/webhooks/, and that receiver, run as a reader runs it, stores a delivery before it
 * answers 200 and processes it after: the order is read from the receiver's own log.
 */
import {describe, expect, it} from 'vitest';
import {cleanupsAfterEach} from './cleanups-after-each';
import {readPage} from './guide-http';
import {waitFor} from './sandbox-process';
import {RECEIVERS, deliver, lineIndex, newEvent, receiverWorkspace, startReceiver} from './webhook-receivers';

const WEBHOOK_STEP_PAGES = [
  'receiving-payments',
  'sending-payments',
  'exchanging-currencies',
  'directing-payments-third-party',
];

const cleanups = cleanupsAfterEach();

describe.each(WEBHOOK_STEP_PAGES)('%s', (name) => {
  const page = readPage(`docs/walkthrough/${name}.md`);
  const embedded = page.fences
    .map((f) => /(?:^|\s)file=(examples\/webhooks\/\S+)/.exec(f.meta)?.[1])
    .filter((file): file is string => file !== undefined);

  it('shows a receiver of examples/webhooks in its webhook step', () => {
    expect(embedded.length).toBeGreaterThan(0);
    for (const file of embedded) expect(RECEIVERS.map((r) => r.file)).toContain(file);
  });

  it('its receiver stores the event, then answers 200, then processes it, by its own log', async () => {
    for (const kind of RECEIVERS.filter((r) => embedded.includes(r.file))) {
      const {dir, api} = await receiverWorkspace(cleanups);
      const receiver = await startReceiver(kind, dir, api.base);
      cleanups.push(async () => {
        receiver.child.kill('SIGTERM');
        await receiver.exited;
      });
      const event = newEvent();
      expect(await deliver(receiver.url, event)).toBe(200);
      await waitFor(
        `the ${kind.name} receiver to process the event`,
        async () => lineIndex(receiver.output(), `processed ${event.id}`) >= 0,
      );
      const log = receiver.output();
      const stored = lineIndex(log, `stored ${event.id}`);
      const answered = lineIndex(log, `answered 200 ${event.id}`);
      expect(stored, log).toBeGreaterThanOrEqual(0);
      expect(answered, log).toBeGreaterThan(stored);
      expect(lineIndex(log, `processed ${event.id}`), log).toBeGreaterThan(answered);
    }
  });
});
