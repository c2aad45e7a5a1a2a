-- Where a money request stands with its company (being sent, never sent, answer unknown, sent again
-- and refused) is the dispatcher's, on its money_request row (state, by RequestState's table); the
-- request's own row keeps only what the company said, and UNKNOWN until the company's word is in.
-- A sender makes the row when it first sends (so the row exists before anything leaves the broker).
--
-- 1. Every request without the company's word gets its row's state from its own row: a create or
--    send in progress (CREATING, SENDING) is SENDING, its sender gone with the previous version,
--    so that the janitor asks the company before anything is sent again; NOT_SENT stays NOT_SENT;
--    an unknown one whose resend the company refused is RESEND_REFUSED; any other is UNKNOWN.
--    A row needing an operator stays so.
CREATE TEMPORARY TABLE pending_request ON COMMIT DROP AS
    SELECT 'PAYMENT' AS kind, p.id, p.merchant, p.payment_method, p.order_ref AS merchant_ref, p.order_ref AS company_no,
        CASE WHEN p.trade_state = 'CREATING' THEN 'SENDING' WHEN p.trade_state = 'NOT_SENT' THEN 'NOT_SENT'
             WHEN p.resend_refused_at IS NOT NULL THEN 'RESEND_REFUSED' ELSE 'UNKNOWN' END AS state, p.updated_at
    FROM payment p WHERE p.trade_state IN ('CREATING', 'UNKNOWN', 'NOT_SENT')
    UNION ALL
    SELECT 'REFUND', r.id, r.merchant, p.payment_method, r.refund_ref, r.company_refund_no,
        CASE WHEN r.state = 'SENDING' THEN 'SENDING' WHEN r.state = 'NOT_SENT' THEN 'NOT_SENT'
             WHEN r.resend_refused_at IS NOT NULL THEN 'RESEND_REFUSED' ELSE 'UNKNOWN' END, r.updated_at
    FROM refund r JOIN payment p ON p.id = r.payment_id WHERE r.state IN ('SENDING', 'UNKNOWN', 'NOT_SENT')
    UNION ALL
    SELECT s.kind, s.id, s.merchant, p.payment_method, s.settlement_ref, s.company_no,
        CASE WHEN s.state = 'SENDING' THEN 'SENDING' WHEN s.state = 'NOT_SENT' THEN 'NOT_SENT'
             WHEN s.resend_refused_at IS NOT NULL THEN 'RESEND_REFUSED' ELSE 'UNKNOWN' END, s.updated_at
    FROM settlement s JOIN payment p ON p.id = s.payment_id WHERE s.state IN ('SENDING', 'UNKNOWN', 'NOT_SENT')
    UNION ALL
    SELECT 'PAYOUT', o.id, o.merchant, o.payment_method, o.payout_ref, o.payout_ref,
        CASE WHEN o.state = 'SENDING' THEN 'SENDING' WHEN o.state = 'NOT_SENT' THEN 'NOT_SENT'
             WHEN o.resend_refused_at IS NOT NULL THEN 'RESEND_REFUSED' ELSE 'UNKNOWN' END, o.updated_at
    FROM payout o WHERE o.state IN ('SENDING', 'UNKNOWN', 'NOT_SENT');

UPDATE money_request m SET state = q.state, updated_at = q.updated_at
    FROM pending_request q
    WHERE m.kind = q.kind AND m.subject_id = q.id AND m.closed_at IS NULL AND m.state <> 'NEEDS_ATTENTION';

INSERT INTO money_request (kind, subject_id, merchant, payment_method, merchant_ref, company_no, state, attempts,
        next_attempt_at, created_at, updated_at)
    SELECT q.kind, q.id, q.merchant, q.payment_method, q.merchant_ref, q.company_no, q.state, 0, q.updated_at, q.updated_at,
        q.updated_at
    FROM pending_request q
    WHERE NOT EXISTS (SELECT 1 FROM money_request m WHERE m.kind = q.kind AND m.subject_id = q.id);

-- 2. The requests' own rows keep one state for "the company's word is not in yet".
UPDATE payment SET trade_state = 'UNKNOWN' WHERE trade_state IN ('CREATING', 'NOT_SENT');
UPDATE refund SET state = 'UNKNOWN' WHERE state IN ('SENDING', 'NOT_SENT');
UPDATE settlement SET state = 'UNKNOWN' WHERE state IN ('SENDING', 'NOT_SENT');
UPDATE payout SET state = 'UNKNOWN' WHERE state IN ('SENDING', 'NOT_SENT');

-- 3. The marks of a refused resend are the rows' RESEND_REFUSED now; the payment's old schedule
--    (unused since the janitor took payments' creates) goes with them.
ALTER TABLE payment DROP COLUMN resend_refused_at;
ALTER TABLE refund DROP COLUMN resend_refused_at;
ALTER TABLE settlement DROP COLUMN resend_refused_at;
ALTER TABLE payout DROP COLUMN resend_refused_at;
ALTER TABLE payment DROP COLUMN reconcile_attempts;
ALTER TABLE payment DROP COLUMN next_reconcile_at;
ALTER TABLE payment DROP COLUMN reconcile_flagged_at;
