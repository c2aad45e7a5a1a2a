-- Payouts abroad (issue 31), this project's own convention (neither real company takes a payout
-- a merchant asks for; it is modelled on WeChat Pay's cross-border settlement batches): an
-- account's CNY funds paid to its beneficiary abroad at the company's rate and fee of the day.
-- The funds themselves are not stored: they are derived from the orders, refunds, splits and the
-- payouts below every time they are read.

-- The account's beneficiary abroad: one per account, replaced by each registration. The holder's
-- name and the account number are the merchant's secrets: kept as masks (the name's first
-- character, the number's last four) and a SHA-256 of the number, never the text.
CREATE SEQUENCE sandbox_beneficiary_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE sandbox_beneficiary (
    id             BIGINT PRIMARY KEY,
    account_id     BIGINT NOT NULL,
    holder_mask    VARCHAR(8) NOT NULL,
    account_mask   VARCHAR(8) NOT NULL,
    account_hash   VARCHAR(64) NOT NULL,
    swift_code     VARCHAR(11) NOT NULL,
    bank_country   VARCHAR(2) NOT NULL,
    currency       VARCHAR(3) NOT NULL,
    registered_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT sandbox_beneficiary_uq UNIQUE (account_id),
    CONSTRAINT sandbox_beneficiary_account_fk FOREIGN KEY (account_id) REFERENCES sandbox_account (id)
);

-- Each company's terms of the day per target currency, as a test set them (admin
-- PUT /{paymentMethod}/payout-terms): the rate (CNY for one unit, 8 places), the day it is for,
-- the fee (fee_fixed fen plus fee_percent of the amount) and the delay before a payout is paid.
-- Without a row for GBP the company pays GBP at its default terms (the books', not a row).
CREATE SEQUENCE sandbox_payout_terms_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE sandbox_payout_terms (
    id                  BIGINT PRIMARY KEY,
    payment_method      VARCHAR(16) NOT NULL,
    currency            VARCHAR(3) NOT NULL,
    rate                NUMERIC(18, 8) NOT NULL,
    rate_date           DATE NOT NULL,
    fee_fixed           BIGINT NOT NULL,
    fee_percent         NUMERIC(7, 4) NOT NULL,
    paid_after_seconds  BIGINT NOT NULL,
    set_at              TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT sandbox_payout_terms_uq UNIQUE (payment_method, currency),
    CONSTRAINT sandbox_payout_terms_rate_ck CHECK (rate > 0),
    CONSTRAINT sandbox_payout_terms_fee_ck CHECK (fee_fixed >= 0 AND fee_percent >= 0 AND fee_percent < 100),
    CONSTRAINT sandbox_payout_terms_delay_ck CHECK (paid_after_seconds >= 0)
);

-- Payouts: one per account and the merchant's payout number (the same number sent twice at once
-- cannot make two; the books decide under the account's row lock, this is the last defence).
-- amount and fee are CNY fen (the fee is inside the amount); target_amount is in the target
-- currency's minor unit at the rate fixed when it was accepted. A payout is ACCEPTED until due_at,
-- then PAID (paid_at) or FAILED. fail_reason is set when it is accepted, from the failure a test
-- arranged for the account (sandbox_account.payout_failure): a payout with one ends FAILED with it.
CREATE SEQUENCE sandbox_payout_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE sandbox_payout (
    id               BIGINT PRIMARY KEY,
    account_id       BIGINT NOT NULL,
    payout_no        VARCHAR(64) NOT NULL,
    payout_id        VARCHAR(64) NOT NULL,
    state            VARCHAR(16) NOT NULL,
    amount           BIGINT NOT NULL,
    currency         VARCHAR(3) NOT NULL,
    fee              BIGINT NOT NULL,
    rate             NUMERIC(18, 8) NOT NULL,
    rate_date        DATE NOT NULL,
    target_amount    BIGINT NOT NULL,
    target_currency  VARCHAR(3) NOT NULL,
    fail_reason      VARCHAR(256),
    description      VARCHAR(256),
    accepted_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    paid_at          TIMESTAMP WITH TIME ZONE,
    due_at           TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT sandbox_payout_uq UNIQUE (account_id, payout_no),
    CONSTRAINT sandbox_payout_state_ck CHECK (state IN ('ACCEPTED', 'PAID', 'FAILED')),
    CONSTRAINT sandbox_payout_amount_ck CHECK (amount > 0 AND fee >= 0 AND fee < amount AND target_amount > 0),
    CONSTRAINT sandbox_payout_account_fk FOREIGN KEY (account_id) REFERENCES sandbox_account (id)
);
-- The timer looks for payouts still ACCEPTED whose time has come.
CREATE INDEX sandbox_payout_due_ix ON sandbox_payout (state, due_at);

-- Why the account's payouts accepted from now on fail, when a test arranged it (null: paid).
ALTER TABLE sandbox_account ADD COLUMN payout_failure VARCHAR(256);
