/**
 * Receive requests: stored with a zero `totalReceived`. One with a fixed `amount` is paid by a
 * simulated payer `--pay-after` after it is created: a receive appears `PENDING`
 * (`receive-request.receive-pending`), then `COMPLETED` a second later
 * (`receive-request.receive-completed`), crediting the balance. One without an amount is paid the
 * same way, by a payer who chooses the test input's amount (OPEN_AMOUNT_PAYMENT, test-inputs.ts).
 */
import {randomBytes} from 'node:crypto';
import type {Json} from '../definition.ts';
import {amountErrors, money, toUnits} from '../money.ts';
import {validationFailed} from '../problems.ts';
import {OPEN_AMOUNT_PAYMENT} from '../test-inputs.ts';
import type {Handler, World} from '../world.ts';
import {page} from './generic.ts';
import {fromExample, inSeconds, requestDefault, signetAddress, signetInvoice} from './templates.ts';

const SETTLE_MS = 1000;

export const createAReceiveRequest: Handler = (call, world) => {
  const {currency, amount} = call.body;
  const errors = amountErrors(amount, 'amount');
  if (amount && amount.currency !== currency)
    errors['amount.currency'] = [`Must be ${currency}, the receive request's currency.`];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const request = fromExample(
    world,
    'createAReceiveRequest',
    {},
    {
      currency,
      description: call.body.description ?? null,
      reference: call.body.reference ?? null,
      totalReceived: money(0n, currency),
      // With the bitcoin amount when one was asked for, and none otherwise.
      lnInvoice: amount
        ? signetInvoice(
            currency === 'BTC' ? toUnits(amount.amount) : world.rates.convert(toUnits(amount.amount), currency, 'BTC'),
          )
        : signetInvoice(0n).replace(/^lntbs0n/, 'lntbs'),
      onchainAddress: signetAddress(),
      expiration: inSeconds(
        world,
        call.body.expiresInSeconds ?? requestDefault(world, 'createAReceiveRequest', 'expiresInSeconds'),
      ),
    },
  );
  // Absent, not null, when the payer chooses the amount.
  if (amount) request.amount = amount;
  else delete request.amount;
  world.store.put('ReceiveRequest', request);
  const paid = amount ?? {amount: OPEN_AMOUNT_PAYMENT[currency], currency};
  const id = request.id;
  world.clock.after(world.options.payAfterMs, () => receive(world, id, paid));
  return {status: 201, body: request};
};

function receive(world: World, requestId: string, paid: {amount: string; currency: string}): void {
  const request = world.store.get('ReceiveRequest', requestId);
  if (!request || Date.parse(request.expiration) < world.clock.now()) return;
  const template = world.example('getReceivesForReceiveRequest').items[0];
  const units = toUnits(paid.amount);
  const lightning = template.network === 'LIGHTNING';
  const item: Json = {
    ...template,
    id: world.uuid(),
    receiveRequestId: requestId,
    status: 'PENDING',
    amount: paid,
    creditedAmount: paid,
    exchangeRate: null,
    paymentHash: lightning ? randomBytes(32).toString('hex') : null,
    txid: lightning ? null : randomBytes(32).toString('hex'),
    created: world.now(),
    updated: world.now(),
  };
  world.store.put('Receive', item);
  world.credit(request.currency, units, true);
  world.emit('receive-request.receive-pending', requestId, ['receives']);
  world.clock.after(SETTLE_MS, () => {
    world.update('Receive', item.id, {status: 'COMPLETED'});
    world.credit(request.currency, -units, true);
    world.credit(request.currency, units);
    const current = world.store.get('ReceiveRequest', requestId);
    if (current)
      world.update('ReceiveRequest', requestId, {
        totalReceived: money(toUnits(current.totalReceived.amount) + units, request.currency),
      });
    world.emit('receive-request.receive-completed', requestId, ['receives', 'totalReceived']);
  });
}

export const getReceivesForReceiveRequest: Handler = (call, world) => {
  const request = world.find('ReceiveRequest', call.params.receiveRequestId!, call.op);
  const items = world.store.all('Receive').filter((r) => r.receiveRequestId === request.id);
  return {status: 200, body: page(world, call.op, items, call.query, 'Receive')};
};
