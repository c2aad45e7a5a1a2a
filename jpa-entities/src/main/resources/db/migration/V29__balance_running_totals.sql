-- Each account's balance at a company (merchant, payment method) is kept as running totals, one row
-- per account (balance), moved with each entry in the entry's transaction and under that row's lock.
-- Each entry is numbered in that order (seq, per account, from 1, without gaps), carries the totals
-- after it, and is stamped with the database's clock under the same lock: an entry's place in the
-- ledger is its number, so a balance is one row whatever the account's history, a statement reads
-- its own entries and the totals of the one before them, and a statement's window, once fixed by
-- numbers, never changes. An old instance writes entries without numbers or totals: no rolling
-- upgrade across this version (the deployment group's upgrade refuses it).
ALTER TABLE balance_entry
    ADD COLUMN seq              BIGINT,
    ADD COLUMN available_after  BIGINT,
    ADD COLUMN held_after       BIGINT,
    ADD COLUMN in_transit_after BIGINT,
    ADD COLUMN paid_out_after   BIGINT;

-- The entries already written, numbered and totalled in the order the ledger read them until now
-- (their time, then their id).
WITH numbered AS (
    SELECT id,
        ROW_NUMBER() OVER w AS seq,
        SUM(CASE WHEN to_bucket = 'AVAILABLE' THEN amount ELSE 0 END
            - CASE WHEN from_bucket = 'AVAILABLE' THEN amount ELSE 0 END) OVER w AS available_after,
        SUM(CASE WHEN to_bucket = 'HELD' THEN amount ELSE 0 END
            - CASE WHEN from_bucket = 'HELD' THEN amount ELSE 0 END) OVER w AS held_after,
        SUM(CASE WHEN to_bucket = 'IN_TRANSIT' THEN amount ELSE 0 END
            - CASE WHEN from_bucket = 'IN_TRANSIT' THEN amount ELSE 0 END) OVER w AS in_transit_after,
        SUM(CASE WHEN to_bucket = 'PAID_OUT' THEN amount ELSE 0 END
            - CASE WHEN from_bucket = 'PAID_OUT' THEN amount ELSE 0 END) OVER w AS paid_out_after
    FROM balance_entry
    WINDOW w AS (PARTITION BY merchant, payment_method ORDER BY created_at, id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
)
UPDATE balance_entry e SET seq = n.seq, available_after = n.available_after, held_after = n.held_after,
    in_transit_after = n.in_transit_after, paid_out_after = n.paid_out_after
FROM numbered n WHERE n.id = e.id;

ALTER TABLE balance_entry
    ALTER COLUMN seq SET NOT NULL,
    ALTER COLUMN available_after SET NOT NULL,
    ALTER COLUMN held_after SET NOT NULL,
    ALTER COLUMN in_transit_after SET NOT NULL,
    ALTER COLUMN paid_out_after SET NOT NULL,
    ADD CONSTRAINT balance_entry_seq_uq UNIQUE (merchant, payment_method, seq);

-- One row per account: the totals after its last entry (zero without any), its last number, and the
-- outcome of the last check of the totals against the entries (difference: null when they agreed).
CREATE TABLE balance (
    merchant        VARCHAR(64) NOT NULL,
    payment_method  VARCHAR(16) NOT NULL,
    available       BIGINT NOT NULL DEFAULT 0,
    held            BIGINT NOT NULL DEFAULT 0,
    in_transit      BIGINT NOT NULL DEFAULT 0,
    paid_out        BIGINT NOT NULL DEFAULT 0,
    last_seq        BIGINT NOT NULL DEFAULT 0,
    updated_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    checked_at      TIMESTAMP WITH TIME ZONE,
    difference      VARCHAR(255),
    CONSTRAINT balance_pk PRIMARY KEY (merchant, payment_method)
);

INSERT INTO balance (merchant, payment_method, available, held, in_transit, paid_out, last_seq, updated_at)
SELECT e.merchant, e.payment_method, e.available_after, e.held_after, e.in_transit_after, e.paid_out_after, e.seq, e.created_at
FROM balance_entry e
WHERE e.seq = (SELECT MAX(x.seq) FROM balance_entry x WHERE x.merchant = e.merchant AND x.payment_method = e.payment_method);

INSERT INTO balance (merchant, payment_method, updated_at)
SELECT DISTINCT merchant, payment_method, CURRENT_TIMESTAMP FROM company_credential
ON CONFLICT (merchant, payment_method) DO NOTHING;

-- A day's statement fixes its window by numbers when it becomes READY (after_seq exclusive,
-- until_seq inclusive); one made READY before this version gets them on its next read.
ALTER TABLE payout_bill
    ADD COLUMN after_seq BIGINT,
    ADD COLUMN until_seq BIGINT;
