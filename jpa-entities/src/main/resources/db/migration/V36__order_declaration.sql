-- Shop platforms' orders declared to customs through the single window (declare-order): one per
-- merchant, order number and customs office, and one per platform and order number (the window's
-- own key: an order is declared once, by one merchant). sealed_body: the order as the merchant sent
-- it, sealed (it holds the buyer's identity and the consignee); message_guid: the message last
-- sent for it. state: what the window last reported (UNKNOWN while its word is not in; the money
-- request's row of kind ORDER says why), window_status and window_info: customs' last status code
-- and words; payment_standing, payment_field, waybill_standing: where the payment and the waybill
-- stood against it in customs' last words.
CREATE SEQUENCE order_declaration_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE order_declaration (
    id                BIGINT PRIMARY KEY,
    merchant          VARCHAR(64) NOT NULL,
    platform          VARCHAR(16) NOT NULL,
    platform_code     VARCHAR(10) NOT NULL,
    order_no          VARCHAR(60) NOT NULL,
    customs           VARCHAR(32) NOT NULL,
    payment_method    VARCHAR(16) NOT NULL,
    transaction_id    VARCHAR(64) NOT NULL,
    payment_id        BIGINT NOT NULL REFERENCES payment (id),
    action_type       VARCHAR(8) NOT NULL,
    message_guid      VARCHAR(36) NOT NULL,
    sealed_body       TEXT NOT NULL,
    state             VARCHAR(16) NOT NULL,
    window_status     VARCHAR(8),
    window_info       VARCHAR(512),
    payment_standing  VARCHAR(16),
    payment_field     VARCHAR(32),
    waybill_standing  VARCHAR(16),
    created_at        TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at        TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT order_declaration_uq UNIQUE (merchant, order_no, customs),
    CONSTRAINT order_declaration_platform_uq UNIQUE (platform_code, order_no),
    CONSTRAINT order_declaration_state_ck CHECK (state IN ('UNKNOWN', 'ACCEPTED', 'STORED', 'RETURNED', 'RELEASED', 'NOT_SENT', 'REFUSED'))
);
CREATE INDEX order_declaration_payment_ix ON order_declaration (payment_id);
CREATE INDEX order_declaration_open_ix ON order_declaration (state) WHERE state IN ('UNKNOWN', 'ACCEPTED', 'STORED');

-- The window's receipts of each declared order, once each (by the receipt's own guid).
CREATE SEQUENCE order_receipt_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE order_receipt (
    id              BIGINT PRIMARY KEY,
    declaration_id  BIGINT NOT NULL REFERENCES order_declaration (id),
    guid            VARCHAR(36) NOT NULL,
    message_guid    VARCHAR(36) NOT NULL,
    status          VARCHAR(8) NOT NULL,
    info            VARCHAR(512),
    at              TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT order_receipt_uq UNIQUE (declaration_id, guid)
);

-- The broker's registration at the single window (one row): its customs code and name, its
-- exchange identity, its key's serial and the key sealed, the window's key that signs receipts.
CREATE TABLE window_account (
    id                  BIGINT PRIMARY KEY,
    cop_code            VARCHAR(10) NOT NULL,
    cop_name            VARCHAR(100) NOT NULL,
    dxp_id              VARCHAR(30) NOT NULL,
    key_serial          VARCHAR(64) NOT NULL,
    sealed_private_key  VARCHAR(8000) NOT NULL,
    window_key_serial   VARCHAR(64) NOT NULL,
    window_public_key   VARCHAR(4000) NOT NULL,
    updated_at          TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT window_account_one_ck CHECK (id = 1)
);
