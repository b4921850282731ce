/**
 * The webhook retry schedule on /api/introduction: one row per attempt with its time after the
 * first, drawn from the build's api/webhook-delivery.json (the definition's `x-webhook-delivery`),
 * so the page states the schedule the sandbox delivers on. A reference table (`data-stacked`,
 * src/css/tables.css): on a phone each attempt is an entry, its time under the column's name.
 */
import React, {type ReactNode} from 'react';
import type {WebhookDeliveryData} from '../../../config/webhook-delivery';
import ScrollableTable from '../ScrollableTable';

const COLUMNS = {attempt: 'Attempt', after: 'Time after the first attempt'} as const;

export default function WebhookDelivery({delivery}: {delivery: WebhookDeliveryData}): ReactNode {
  const last = delivery.attempts.length;
  return (
    <ScrollableTable className="webhook-retry-schedule" data-stacked="">
      <thead>
        <tr>
          <th scope="col">{COLUMNS.attempt}</th>
          <th scope="col">{COLUMNS.after}</th>
        </tr>
      </thead>
      <tbody>
        {delivery.attempts.map(({attempt, after}) => (
          <tr key={attempt}>
            <td data-label={COLUMNS.attempt}>{attempt}</td>
            <td data-label={COLUMNS.after}>
              {attempt === 1 ? 'immediately, when the event is created' : after}
              {attempt === last && attempt > 1 ? ', the last attempt' : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}
