-- The reconciliation's scan (Payment.OPEN_SINCE: payments in a state, last changed before a time)
-- runs every interval on the lease holder; without an index it read the whole payment table.
CREATE INDEX payment_open_ix ON payment (trade_state, updated_at);
