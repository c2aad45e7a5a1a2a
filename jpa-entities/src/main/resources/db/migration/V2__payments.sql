-- Payments through the companies, every exchange with a company, and each merchant's company
-- credentials. Long texts are VARCHAR, not LOB: both databases store them inline and JPA maps
-- them as plain strings on both.

CREATE SEQUENCE company_credential_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE company_credential (
    id                   BIGINT PRIMARY KEY,
    merchant             VARCHAR(64) NOT NULL,
    payment_method       VARCHAR(16) NOT NULL,
    company_merchant_id  VARCHAR(64) NOT NULL,
    app_id               VARCHAR(64) NOT NULL,
    key_serial           VARCHAR(64) NOT NULL,
    merchant_private_key VARCHAR(4000) NOT NULL,
    company_public_key   VARCHAR(4000) NOT NULL,
    created_at           TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at           TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT company_credential_uq UNIQUE (merchant, payment_method),
    CONSTRAINT company_credential_method_ck CHECK (payment_method IN ('alphapay', 'betapay'))
);

-- (merchant, payment_method, order_ref) identifies a payment: the unique constraint is what makes
-- concurrent identical creates produce one payment.
CREATE SEQUENCE payment_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE payment (
    id                  BIGINT PRIMARY KEY,
    merchant            VARCHAR(64) NOT NULL,
    payment_method      VARCHAR(16) NOT NULL,
    order_ref           VARCHAR(64) NOT NULL,
    payment_type        VARCHAR(16) NOT NULL,
    currency            CHAR(3) NOT NULL,
    actual_amount       BIGINT NOT NULL,
    total               BIGINT,
    request_json        VARCHAR(16000) NOT NULL,
    trade_state         VARCHAR(16) NOT NULL,
    trade_state_desc    VARCHAR(256),
    trade_type          VARCHAR(16),
    pay_message         VARCHAR(4000),
    pay_invoke_message  VARCHAR(4000),
    time_stamp          VARCHAR(20),
    nonce_str           VARCHAR(32),
    transaction_id      VARCHAR(64),
    bank_type           VARCHAR(32),
    payer_total         BIGINT,
    payer_currency      CHAR(3),
    paid_at             TIMESTAMP WITH TIME ZONE,
    created_at          TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at          TIMESTAMP WITH TIME ZONE NOT NULL,
    version             BIGINT NOT NULL,
    CONSTRAINT payment_order_uq UNIQUE (merchant, payment_method, order_ref),
    CONSTRAINT payment_amount_ck CHECK (actual_amount > 0 AND (total IS NULL OR total >= actual_amount))
);

CREATE SEQUENCE payment_event_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE payment_event (
    id           BIGINT PRIMARY KEY,
    payment_id   BIGINT NOT NULL,
    operation    VARCHAR(16) NOT NULL,
    outcome      VARCHAR(16) NOT NULL,
    http_status  INTEGER,
    duration_ms  BIGINT NOT NULL,
    request      VARCHAR(16000),
    response     VARCHAR(16000),
    error        VARCHAR(1000),
    created_at   TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT payment_event_payment_fk FOREIGN KEY (payment_id) REFERENCES payment (id)
);
CREATE INDEX payment_event_payment_ix ON payment_event (payment_id);

-- The sandbox companies' own books (broker-war's sandbox, the company side of the protocols):
-- their key pairs, the merchants' public keys they trust, and their orders. Kept in the database
-- so that a restart of the embedded run does not make the companies forget orders.
CREATE SEQUENCE sandbox_order_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE sandbox_order (
    id               BIGINT PRIMARY KEY,
    payment_method   VARCHAR(16) NOT NULL,
    company_merchant_id VARCHAR(64) NOT NULL,
    order_ref        VARCHAR(64) NOT NULL,
    trade_type       VARCHAR(16) NOT NULL,
    amount           BIGINT NOT NULL,
    currency         CHAR(3) NOT NULL,
    description      VARCHAR(256),
    prepay_id        VARCHAR(64) NOT NULL,
    state            VARCHAR(16) NOT NULL,
    transaction_id   VARCHAR(64),
    paid_at          TIMESTAMP WITH TIME ZONE,
    created_at       TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT sandbox_order_uq UNIQUE (payment_method, company_merchant_id, order_ref)
);

CREATE SEQUENCE sandbox_party_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE sandbox_party (
    id                  BIGINT PRIMARY KEY,
    payment_method      VARCHAR(16) NOT NULL,
    company_merchant_id VARCHAR(64) NOT NULL,
    public_key          VARCHAR(4000) NOT NULL,
    private_key         VARCHAR(4000),
    CONSTRAINT sandbox_party_uq UNIQUE (payment_method, company_merchant_id)
);
