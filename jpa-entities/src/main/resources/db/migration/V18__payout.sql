-- Payouts abroad. A payout is the intent, committed before the company is asked, under the lock of
-- the merchant's balance at the company (its company_credential row), which refunds charged to
-- what is available take too; its number at the company is the merchant's payout_ref, unique per
-- merchant (payout_ref_uq). Its balance entries are written with each change (balance_entry).
CREATE SEQUENCE payout_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE payout (
    id                 BIGINT PRIMARY KEY,
    merchant           VARCHAR(64) NOT NULL,
    payment_method     VARCHAR(16) NOT NULL,
    payout_ref         VARCHAR(64) NOT NULL,
    requested_amount   BIGINT,
    amount             BIGINT NOT NULL,
    currency           VARCHAR(3) NOT NULL,
    target_currency    VARCHAR(3) NOT NULL,
    description        VARCHAR(80),
    notify_url         VARCHAR(256),
    state              VARCHAR(16) NOT NULL,
    state_desc         VARCHAR(256),
    company_payout_id  VARCHAR(64),
    fee                BIGINT,
    rate               NUMERIC(18, 8),
    rate_date          DATE,
    target_amount      BIGINT,
    fail_reason        VARCHAR(256),
    accepted_at        TIMESTAMP WITH TIME ZONE,
    paid_at            TIMESTAMP WITH TIME ZONE,
    created_at         TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at         TIMESTAMP WITH TIME ZONE NOT NULL,
    version            BIGINT NOT NULL,
    CONSTRAINT payout_ref_uq UNIQUE (merchant, payout_ref),
    CONSTRAINT payout_ck CHECK (amount > 0 AND currency = 'CNY')
);
CREATE INDEX payout_merchant_ix ON payout (merchant, payment_method, created_at);
-- The reconciliation's scan of payouts without a final outcome.
CREATE INDEX payout_open_ix ON payout (state, updated_at);

-- The merchant's account abroad at each company, sealed; masked and public parts beside it.
CREATE SEQUENCE payout_account_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE payout_account (
    id              BIGINT PRIMARY KEY,
    merchant        VARCHAR(64) NOT NULL,
    payment_method  VARCHAR(16) NOT NULL,
    sealed_account  VARCHAR(4000) NOT NULL,
    holder_masked   VARCHAR(80) NOT NULL,
    account_masked  VARCHAR(40) NOT NULL,
    swift_code      VARCHAR(11) NOT NULL,
    bank_country    VARCHAR(2) NOT NULL,
    currency        VARCHAR(3) NOT NULL,
    registered_at   TIMESTAMP WITH TIME ZONE NOT NULL,
    version         BIGINT NOT NULL,
    CONSTRAINT payout_account_uq UNIQUE (merchant, payment_method)
);

-- A payout's events have no payment.
ALTER TABLE merchant_event ALTER COLUMN payment_id DROP NOT NULL;
ALTER TABLE merchant_event ADD COLUMN payout_id BIGINT;
CREATE INDEX merchant_event_payout_ix ON merchant_event (payout_id);

-- The exchanges with a company about a payout are stored with the payments' (payment_event).
ALTER TABLE payment_event ALTER COLUMN payment_id DROP NOT NULL;
ALTER TABLE payment_event ADD COLUMN payout_id BIGINT;
CREATE INDEX payment_event_payout_ix ON payment_event (payout_id);
