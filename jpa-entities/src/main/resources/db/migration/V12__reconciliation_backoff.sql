-- The reconciliation backs off per payment (issue 17): a payment that stays UNKNOWN is taken again
-- at growing gaps, and after its last attempt it is left to an operator, instead of being sent to
-- the company every run for ever (one payment a company keeps failing cost a call every 10 s, and
-- nobody was told).
--  * reconcile_attempts: the reconciliation's attempts that left the payment unresolved. Existing
--    rows start at 0: a payment UNKNOWN before this change gets the whole schedule.
--  * next_reconcile_at: not taken again before this time; null: as soon as it is old enough, as
--    before this change (so the first attempt comes as early as it always did).
--  * reconcile_flagged_at: when the last attempt failed; the timer takes it no more, and it counts
--    as flagged while it stays UNKNOWN.
ALTER TABLE payment ADD COLUMN reconcile_attempts INTEGER DEFAULT 0 NOT NULL;
ALTER TABLE payment ADD COLUMN next_reconcile_at TIMESTAMP WITH TIME ZONE;
ALTER TABLE payment ADD COLUMN reconcile_flagged_at TIMESTAMP WITH TIME ZONE;

-- The reconciliation's scan (Payment.RECONCILE_DUE: one state, not flagged, due) and the count of
-- flagged payments (Payment.FLAGGED_COUNT). With payment_open_ix alone, the scan would read every
-- flagged payment on every run, and flagged ones only accumulate while the company is down.
CREATE INDEX payment_reconcile_ix ON payment (trade_state, reconcile_flagged_at, next_reconcile_at);
