-- The payment companies' own books (company-sandbox), apart from the broker's database: the schema
-- "sandbox" of its PostgreSQL (15 or later).
-- Ids come from sequences whose START WITH and INCREMENT BY equal the entities' allocationSize:
-- EclipseLink hands out the block below each value it draws.

-- Each company's key pair, made on first use; one per company (a second server racing to make it
-- loses on the constraint and reads the winner's).
CREATE SEQUENCE sandbox_company_key_seq START WITH 10 INCREMENT BY 10;
CREATE TABLE sandbox_company_key (
    id              BIGINT PRIMARY KEY,
    payment_method  VARCHAR(16) NOT NULL,
    serial_no       VARCHAR(32) NOT NULL,
    public_key      VARCHAR(1000) NOT NULL,
    private_key     VARCHAR(4000) NOT NULL,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT sandbox_company_key_uq UNIQUE (payment_method)
);

-- Merchant accounts, opened under the merchant's name: opening the same name twice finds the
-- first (the name's constraint settles concurrent opens); the company's ids are unique too.
CREATE SEQUENCE sandbox_account_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE sandbox_account (
    id                    BIGINT PRIMARY KEY,
    payment_method        VARCHAR(16) NOT NULL,
    merchant              VARCHAR(64) NOT NULL,
    company_merchant_id   VARCHAR(16) NOT NULL,
    app_id                VARCHAR(64) NOT NULL,
    key_serial            VARCHAR(32) NOT NULL,
    merchant_public_key   VARCHAR(1000) NOT NULL,
    merchant_private_key  VARCHAR(4000) NOT NULL,
    opened_at             TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT sandbox_account_merchant_uq UNIQUE (payment_method, merchant),
    CONSTRAINT sandbox_account_mchid_uq UNIQUE (company_merchant_id),
    CONSTRAINT sandbox_account_app_id_uq UNIQUE (app_id)
);

-- Orders: one per account and out_trade_no (the duplicate-order rule rests on this constraint
-- when the same create arrives twice at once). The payer's identity is a SHA-256 hash only.
CREATE SEQUENCE sandbox_order_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE sandbox_order (
    id                   BIGINT PRIMARY KEY,
    account_id           BIGINT NOT NULL,
    order_ref            VARCHAR(64) NOT NULL,
    trade_type           VARCHAR(16) NOT NULL,
    amount               BIGINT NOT NULL,
    currency             VARCHAR(3) NOT NULL,
    description          VARCHAR(256),
    reference            VARCHAR(64) NOT NULL,
    state                VARCHAR(16) NOT NULL,
    transaction_id       VARCHAR(64),
    payer_identity_hash  VARCHAR(64),
    created_at           TIMESTAMP WITH TIME ZONE NOT NULL,
    paid_at              TIMESTAMP WITH TIME ZONE,
    closed_at            TIMESTAMP WITH TIME ZONE,
    CONSTRAINT sandbox_order_uq UNIQUE (account_id, order_ref),
    CONSTRAINT sandbox_order_account_fk FOREIGN KEY (account_id) REFERENCES sandbox_account (id)
);

-- Customs declarations: one per order, sub-order ('' when not split) and customs office.
CREATE SEQUENCE sandbox_declaration_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE sandbox_declaration (
    id                 BIGINT PRIMARY KEY,
    order_id           BIGINT NOT NULL,
    sub_order_no       VARCHAR(64) NOT NULL,
    customs            VARCHAR(32) NOT NULL,
    sub_order_id       VARCHAR(64) NOT NULL,
    verify_trade_id    VARCHAR(64) NOT NULL,
    state              VARCHAR(16) NOT NULL,
    explanation        VARCHAR(256),
    cert_check_result  VARCHAR(16),
    submitted_at       TIMESTAMP WITH TIME ZONE NOT NULL,
    modified_at        TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT sandbox_declaration_uq UNIQUE (order_id, sub_order_no, customs),
    CONSTRAINT sandbox_declaration_order_fk FOREIGN KEY (order_id) REFERENCES sandbox_order (id)
);

-- Every authenticated request a company received, for the tests that count what reached the
-- company. status is null while a stalling fault holds the request.
CREATE SEQUENCE sandbox_request_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE sandbox_request (
    id              BIGINT PRIMARY KEY,
    account_id      BIGINT NOT NULL,
    payment_method  VARCHAR(16) NOT NULL,
    kind            VARCHAR(24) NOT NULL,
    order_ref       VARCHAR(64),
    status          INTEGER,
    received_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT sandbox_request_account_fk FOREIGN KEY (account_id) REFERENCES sandbox_account (id)
);
CREATE INDEX sandbox_request_account_ix ON sandbox_request (account_id, kind);
