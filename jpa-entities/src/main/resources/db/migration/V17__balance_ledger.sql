-- The merchant's CNY balance at each company, as a ledger of movements between buckets (OUTSIDE,
-- HELD, AVAILABLE, IN_TRANSIT, PAID_OUT). A bucket's balance is what entries moved into it less
-- what they moved out of it: derived, never a counter of its own. Entries are only inserted, each
-- in the transaction of the change that causes it; a movement undone is a second entry the other way.
CREATE SEQUENCE balance_entry_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE balance_entry (
    id              BIGINT PRIMARY KEY,
    merchant        VARCHAR(64) NOT NULL,
    payment_method  VARCHAR(16) NOT NULL,
    kind            VARCHAR(16) NOT NULL,
    from_bucket     VARCHAR(16) NOT NULL,
    to_bucket       VARCHAR(16) NOT NULL,
    amount          BIGINT NOT NULL,
    payment_id      BIGINT,
    source_id       BIGINT,
    order_ref       VARCHAR(64),
    reference       VARCHAR(64),
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT balance_entry_ck CHECK (amount > 0 AND from_bucket <> to_bucket)
);
CREATE INDEX balance_entry_merchant_ix ON balance_entry (merchant, payment_method, created_at);
CREATE INDEX balance_entry_payment_ix ON balance_entry (payment_id);
CREATE INDEX balance_entry_source_ix ON balance_entry (source_id);

-- What was stored before the ledger existed, written as the running code would have written it
-- (ids below the sequence's, oldest first): CNY payments paid; their refunds (from HELD while the
-- payment was held and not yet released, else from AVAILABLE) and the CLOSED ones back; split
-- parts and the CLOSED ones back; and each finished release (a RELEASE, or a split with finish),
-- which moved what was still held to AVAILABLE.
INSERT INTO balance_entry (id, merchant, payment_method, kind, from_bucket, to_bucket, amount, payment_id, source_id, order_ref,
        reference, created_at)
SELECT -ROW_NUMBER() OVER (ORDER BY m.at DESC, m.ord DESC), m.merchant, m.payment_method, m.kind, m.from_bucket, m.to_bucket,
        m.amount, m.payment_id, m.source_id, m.order_ref, m.reference, m.at
FROM (
    SELECT p.merchant, p.payment_method, 'PAYMENT' AS kind, 'OUTSIDE' AS from_bucket,
            CASE WHEN p.held_for_settlement THEN 'HELD' ELSE 'AVAILABLE' END AS to_bucket, p.actual_amount AS amount,
            p.id AS payment_id, CAST(NULL AS BIGINT) AS source_id, p.order_ref, CAST(NULL AS VARCHAR(64)) AS reference,
            COALESCE(p.paid_at, p.updated_at) AS at, 1 AS ord
    FROM payment p WHERE p.currency = 'CNY' AND p.trade_state = 'SUCCESS' AND p.actual_amount > 0
    UNION ALL
    SELECT p.merchant, p.payment_method, 'REFUND', rb.bucket, 'OUTSIDE', r.amount, p.id, r.id, p.order_ref, r.refund_ref,
            r.created_at, 2
    FROM refund r JOIN payment p ON p.id = r.payment_id
    JOIN (SELECT r2.id AS refund_id, CASE WHEN p2.held_for_settlement AND NOT EXISTS (SELECT 1 FROM settlement s WHERE
                s.payment_id = p2.id AND s.state = 'FINISHED' AND (s.kind = 'RELEASE' OR s.finish) AND s.finished_at <= r2.created_at)
            THEN 'HELD' ELSE 'AVAILABLE' END AS bucket
          FROM refund r2 JOIN payment p2 ON p2.id = r2.payment_id) rb ON rb.refund_id = r.id
    WHERE p.currency = 'CNY' AND p.trade_state = 'SUCCESS' AND r.amount > 0
    UNION ALL
    SELECT p.merchant, p.payment_method, 'REFUND_BACK', 'OUTSIDE', rb.bucket, r.amount, p.id, r.id, p.order_ref, r.refund_ref,
            r.updated_at, 3
    FROM refund r JOIN payment p ON p.id = r.payment_id
    JOIN (SELECT r2.id AS refund_id, CASE WHEN p2.held_for_settlement AND NOT EXISTS (SELECT 1 FROM settlement s WHERE
                s.payment_id = p2.id AND s.state = 'FINISHED' AND (s.kind = 'RELEASE' OR s.finish) AND s.finished_at <= r2.created_at)
            THEN 'HELD' ELSE 'AVAILABLE' END AS bucket
          FROM refund r2 JOIN payment p2 ON p2.id = r2.payment_id) rb ON rb.refund_id = r.id
    WHERE p.currency = 'CNY' AND p.trade_state = 'SUCCESS' AND r.amount > 0 AND r.state = 'CLOSED'
    UNION ALL
    SELECT p.merchant, p.payment_method, 'SPLIT', 'HELD', 'OUTSIDE', sp.amount, p.id, s.id, p.order_ref, s.settlement_ref,
            s.created_at, 4
    FROM settlement_part sp JOIN settlement s ON s.id = sp.settlement_id JOIN payment p ON p.id = s.payment_id
    WHERE p.currency = 'CNY'
    UNION ALL
    SELECT p.merchant, p.payment_method, 'SPLIT_BACK', 'OUTSIDE', 'HELD', sp.amount, p.id, s.id, p.order_ref, s.settlement_ref,
            COALESCE(sp.finished_at, s.updated_at), 5
    FROM settlement_part sp JOIN settlement s ON s.id = sp.settlement_id JOIN payment p ON p.id = s.payment_id
    WHERE p.currency = 'CNY' AND (sp.result = 'CLOSED' OR s.state = 'REFUSED')
    UNION ALL
    SELECT p.merchant, p.payment_method, 'RELEASE', 'HELD', 'AVAILABLE',
            p.actual_amount
            - COALESCE((SELECT SUM(r.amount) FROM refund r WHERE r.payment_id = p.id AND r.state <> 'CLOSED'
                        AND r.created_at < s.finished_at), 0)
            - COALESCE((SELECT SUM(sp.amount) FROM settlement_part sp JOIN settlement s2 ON s2.id = sp.settlement_id
                        WHERE s2.payment_id = p.id AND sp.result <> 'CLOSED' AND s2.state <> 'REFUSED'), 0),
            p.id, s.id, p.order_ref, s.settlement_ref, s.finished_at, 6
    FROM settlement s JOIN payment p ON p.id = s.payment_id
    WHERE p.currency = 'CNY' AND p.held_for_settlement AND s.state = 'FINISHED' AND (s.kind = 'RELEASE' OR s.finish)
        AND s.finished_at IS NOT NULL
        AND s.id = (SELECT MIN(s3.id) FROM settlement s3 WHERE s3.payment_id = p.id AND s3.state = 'FINISHED'
                    AND (s3.kind = 'RELEASE' OR s3.finish))
) m
WHERE m.amount > 0;
