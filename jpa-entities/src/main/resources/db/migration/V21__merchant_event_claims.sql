-- Delivery claims a merchant's due events at a time (FOR UPDATE SKIP LOCKED), one merchant after
-- another: the merchant's due events are found by this index, not by reading every due event.
CREATE INDEX merchant_event_merchant_due_ix ON merchant_event (merchant, state, next_attempt_at);
