/**
 * The webhook retry schedule on /api/introduction: one row per attempt with its time after the
 * first, drawn from the build's api/webhook-delivery.json (the definition's `x-webhook-delivery`),
 * so the page states the schedule the sandbox delivers on.
 */
import React, {type ReactNode} from 'react';
import type {WebhookDeliveryData} from '../../../config/webhook-delivery';
import ScrollableTable from '../ScrollableTable';

export default function WebhookDelivery({delivery}: {delivery: WebhookDeliveryData}): ReactNode {
  const last = delivery.attempts.length;
  return (
    <ScrollableTable className="webhook-retry-schedule">
      <thead>
        <tr>
          <th scope="col">Attempt</th>
          <th scope="col">Time after the first attempt</th>
        </tr>
      </thead>
      <tbody>
        {delivery.attempts.map(({attempt, after}) => (
          <tr key={attempt}>
            <td>{attempt}</td>
            <td>
              {attempt === 1 ? 'immediately, when the event is created' : after}
              {attempt === last && attempt > 1 ? ', the last attempt' : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}
