-- A payment's create without the company's word (UNKNOWN, NOT_SENT, or CREATING with its sender
-- gone) is the janitor's, as refunds, splits, releases and payouts are: one back-off, one attempt
-- limit, one list for an operator (money_request, kind PAYMENT). The payment's own schedule goes.
-- A payment the old schedule had given up on stays given up on: it becomes a request needing
-- attention, with its attempts and since when; the others get their row at the janitor's next run.
INSERT INTO money_request (kind, subject_id, merchant, payment_method, merchant_ref, company_no, state, attempts,
        next_attempt_at, last_answer, attention_since, created_at, updated_at)
    SELECT 'PAYMENT', p.id, p.merchant, p.payment_method, p.order_ref, p.order_ref, 'NEEDS_ATTENTION', p.reconcile_attempts,
        p.reconcile_flagged_at, 'UNKNOWN: given up before this version', p.reconcile_flagged_at, p.updated_at, p.reconcile_flagged_at
    FROM payment p
    WHERE p.trade_state IN ('UNKNOWN', 'NOT_SENT') AND p.reconcile_flagged_at IS NOT NULL;
-- The old schedule's columns are left in place, unused from this version on, so that a node of the
-- previous version still running during a rolling upgrade reads and writes its payments; its
-- schedule then only repeats what the janitor does. A later migration drops them.
