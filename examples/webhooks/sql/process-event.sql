-- The worker's transaction for one event the receiver stored. The receiver inserted the event into
-- kestrel_events, with processed_at empty, before it answered 200. The worker marks it processed in
-- the same transaction as the work it causes, so the mark and the work commit together or not at
-- all. :event_id and :invoice_id are parameters: bind them with your database driver.
BEGIN;

-- Claims the event. If this changed no row, the event was processed before: ROLLBACK and stop.
UPDATE kestrel_events SET processed_at = CURRENT_TIMESTAMP
WHERE event_id = :event_id AND processed_at IS NULL;

-- The work the event causes: here, the order that the invoice named in the event pays.
UPDATE orders SET status = 'paid'
WHERE kestrel_invoice_id = :invoice_id AND status <> 'paid';

COMMIT;
