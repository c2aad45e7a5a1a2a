-- Customs declarations of paid orders: one row per (merchant, order, sub-order, customs office),
-- with the state the company last reported. sub_order_no is '' for an order that is not split, so
-- that the unique constraint holds on both databases (NULLs would never collide).
CREATE SEQUENCE declaration_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE declaration (
    id                          BIGINT PRIMARY KEY,
    merchant                    VARCHAR(64) NOT NULL,
    payment_id                  BIGINT NOT NULL,
    payment_method              VARCHAR(16) NOT NULL,
    order_no                    VARCHAR(64) NOT NULL,
    sub_order_no                VARCHAR(64) NOT NULL,
    customs                     VARCHAR(32) NOT NULL,
    mch_customs_no              VARCHAR(64),
    transaction_id              VARCHAR(64) NOT NULL,
    sub_order_id                VARCHAR(64),
    state                       VARCHAR(16) NOT NULL,
    explanation                 VARCHAR(512),
    modify_time                 TIMESTAMP WITH TIME ZONE,
    fee_type                    CHAR(3),
    order_fee                   BIGINT,
    transport_fee               BIGINT,
    product_fee                 BIGINT,
    duty                        BIGINT,
    cert_type                   VARCHAR(16),
    cert_check_result           VARCHAR(16),
    verify_department           VARCHAR(32),
    verify_department_trade_id  VARCHAR(64),
    customs_message             VARCHAR(4000),
    result_code                 VARCHAR(32),
    created_at                  TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at                  TIMESTAMP WITH TIME ZONE NOT NULL,
    version                     BIGINT NOT NULL,
    CONSTRAINT declaration_uq UNIQUE (merchant, order_no, sub_order_no, customs),
    CONSTRAINT declaration_payment_fk FOREIGN KEY (payment_id) REFERENCES payment (id),
    CONSTRAINT declaration_state_ck CHECK (state IN ('UNDECLARED', 'PROCESSING', 'SUCCESS', 'FAIL', 'EXCEPT'))
);

-- The sandbox companies' side: what they were asked to declare and how far customs got. The payer
-- identity a company holds for a payment (to answer certCheckResult) is kept as a hash only.
ALTER TABLE sandbox_order ADD COLUMN payer_identity_hash CHAR(64);

CREATE SEQUENCE sandbox_declaration_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE sandbox_declaration (
    id                   BIGINT PRIMARY KEY,
    payment_method       VARCHAR(16) NOT NULL,
    company_merchant_id  VARCHAR(64) NOT NULL,
    order_ref            VARCHAR(64) NOT NULL,
    sub_order_no         VARCHAR(64) NOT NULL,
    customs              VARCHAR(32) NOT NULL,
    sub_order_id         VARCHAR(64) NOT NULL,
    state                VARCHAR(16) NOT NULL,
    explanation          VARCHAR(512),
    cert_check_result    VARCHAR(16) NOT NULL,
    verify_trade_id      VARCHAR(64) NOT NULL,
    declared_at          TIMESTAMP WITH TIME ZONE NOT NULL,
    modified_at          TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT sandbox_declaration_uq UNIQUE (payment_method, company_merchant_id, order_ref, sub_order_no, customs)
);

-- Customs exchanges are events of the payment too; their operation names are longer.
ALTER TABLE payment_event ALTER COLUMN operation SET DATA TYPE VARCHAR(32);
