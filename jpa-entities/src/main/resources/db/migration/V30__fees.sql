-- The fee each company keeps on a merchant's payments, by contract: a percentage (two places) per
-- account, each rate from the Beijing day it takes effect (the first from the account's start). A
-- payment's fee is booked when it succeeds, at the rate of its pay day; a refund gives back its share
-- of its payment's fee. Both are kept on their rows (for the daily reconciliation, which compares
-- them with the company's bill line) and, for CNY, as balance entries (kinds FEE, REFUND_FEE,
-- REFUND_FEE_BACK). Additive: an old instance reads and writes as before (it books no fee while it
-- serves; the reconciliation then shows those lines as FEE_DIFFERS).
CREATE TABLE fee_rate (
    merchant        VARCHAR(64) NOT NULL,
    payment_method  VARCHAR(16) NOT NULL,
    effective_from  DATE        NOT NULL,
    rate            NUMERIC(5, 2) NOT NULL,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT fee_rate_pk PRIMARY KEY (merchant, payment_method, effective_from),
    CONSTRAINT fee_rate_ck CHECK (rate >= 0 AND rate < 100)
);

ALTER TABLE payment ADD COLUMN fee BIGINT;
ALTER TABLE refund ADD COLUMN fee BIGINT;

ALTER TABLE discrepancy DROP CONSTRAINT discrepancy_kind_ck;
ALTER TABLE discrepancy ADD CONSTRAINT discrepancy_kind_ck
    CHECK (kind IN ('MISSING_AT_BROKER', 'MISSING_AT_COMPANY', 'AMOUNT_DIFFERS', 'STATE_DIFFERS', 'FEE_DIFFERS'));
