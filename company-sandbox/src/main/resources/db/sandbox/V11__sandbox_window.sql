-- The customs single window's own tables (package org.cbec.sandbox.window), apart from the payment
-- companies' books: the enterprises that transmit orders, the orders and their receipts, the
-- payment documents the companies forward, the waybills a logistics company (a test) declares,
-- the returns a test arranges, and the requests the window received.

-- A transmitting enterprise: its customs code and the key pair the window made for it (handed out
-- again to the same code, as an account's credentials are).
CREATE SEQUENCE sandbox_window_enterprise_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE sandbox_window_enterprise (
    id            BIGINT PRIMARY KEY,
    cop_code      VARCHAR(10) NOT NULL,
    cop_name      VARCHAR(100) NOT NULL,
    key_serial    VARCHAR(32) NOT NULL,
    public_key    VARCHAR(1000) NOT NULL,
    private_key   VARCHAR(4000) NOT NULL,
    registered_at TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT sandbox_window_enterprise_code_uq UNIQUE (cop_code),
    CONSTRAINT sandbox_window_enterprise_serial_uq UNIQUE (key_serial)
);

-- An order as last declared: one per platform and order number. Amounts in fen; the buyer only
-- as the SHA-256 of the normalised name, '|' and the ID number (never the text).
CREATE SEQUENCE sandbox_window_order_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE sandbox_window_order (
    id                  BIGINT PRIMARY KEY,
    enterprise_id       BIGINT NOT NULL,
    ebp_code            VARCHAR(10) NOT NULL,
    order_no            VARCHAR(60) NOT NULL,
    ebc_code            VARCHAR(10) NOT NULL,
    message_guid        VARCHAR(36) NOT NULL,
    pay_code            VARCHAR(10) NOT NULL,
    pay_transaction_id  VARCHAR(60) NOT NULL,
    goods_value         BIGINT NOT NULL,
    freight             BIGINT NOT NULL,
    discount            BIGINT NOT NULL,
    tax_total           BIGINT NOT NULL,
    actural_paid        BIGINT NOT NULL,
    goods_total         BIGINT NOT NULL,
    buyer_identity      VARCHAR(64) NOT NULL,
    state               VARCHAR(16) NOT NULL,
    received_at         TIMESTAMP WITH TIME ZONE NOT NULL,
    modified_at         TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT sandbox_window_order_uq UNIQUE (ebp_code, order_no),
    CONSTRAINT sandbox_window_order_enterprise_fk FOREIGN KEY (enterprise_id) REFERENCES sandbox_window_enterprise (id),
    CONSTRAINT sandbox_window_order_state_ck CHECK (state IN ('RECEIVED', 'STORED', 'RETURNED', 'RELEASED'))
);

-- The receipts of an order, in the order they were written, each of the message it answers.
CREATE SEQUENCE sandbox_window_receipt_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE sandbox_window_receipt (
    id            BIGINT PRIMARY KEY,
    order_id      BIGINT NOT NULL,
    guid          VARCHAR(36) NOT NULL,
    message_guid  VARCHAR(36) NOT NULL,
    status    VARCHAR(8) NOT NULL,
    info      VARCHAR(512) NOT NULL,
    at        TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT sandbox_window_receipt_order_fk FOREIGN KEY (order_id) REFERENCES sandbox_window_order (id)
);
CREATE INDEX sandbox_window_receipt_order_ix ON sandbox_window_receipt (order_id, id);

-- A payment document a payment company forwarded when a payment was declared to customs there:
-- one per company and transaction (a declaration again replaces it).
CREATE SEQUENCE sandbox_window_payment_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE sandbox_window_payment (
    id                  BIGINT PRIMARY KEY,
    pay_code            VARCHAR(10) NOT NULL,
    pay_transaction_id  VARCHAR(64) NOT NULL,
    order_ref           VARCHAR(64) NOT NULL,
    amount_paid         BIGINT NOT NULL,
    payer_identity      VARCHAR(64),
    declared_at         TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT sandbox_window_payment_uq UNIQUE (pay_code, pay_transaction_id)
);

-- A waybill a logistics company declared for a platform's order.
CREATE SEQUENCE sandbox_window_waybill_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE sandbox_window_waybill (
    id              BIGINT PRIMARY KEY,
    ebp_code        VARCHAR(10) NOT NULL,
    order_no        VARCHAR(60) NOT NULL,
    logistics_code  VARCHAR(10) NOT NULL,
    logistics_no    VARCHAR(60) NOT NULL,
    declared_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT sandbox_window_waybill_uq UNIQUE (ebp_code, order_no)
);

-- A return a test arranged: customs returns the order with this reason instead of releasing it.
CREATE SEQUENCE sandbox_window_return_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE sandbox_window_return (
    id           BIGINT PRIMARY KEY,
    ebp_code     VARCHAR(10) NOT NULL,
    order_no     VARCHAR(60) NOT NULL,
    reason       VARCHAR(256) NOT NULL,
    arranged_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT sandbox_window_return_uq UNIQUE (ebp_code, order_no)
);

-- The requests the window received from an enterprise whose signature (or code) it knew; the status
-- answered, null while a fault stalls the request.
CREATE SEQUENCE sandbox_window_request_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE sandbox_window_request (
    id             BIGINT PRIMARY KEY,
    enterprise_id  BIGINT NOT NULL,
    kind           VARCHAR(24) NOT NULL,
    order_no       VARCHAR(60),
    status         INTEGER,
    received_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT sandbox_window_request_enterprise_fk FOREIGN KEY (enterprise_id) REFERENCES sandbox_window_enterprise (id)
);
CREATE INDEX sandbox_window_request_enterprise_ix ON sandbox_window_request (enterprise_id, id);
