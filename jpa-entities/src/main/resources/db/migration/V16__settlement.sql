-- Settlement of held payments. A settlement row is a split of a paid, held payment among the
-- merchant's registered receivers, or a release of what is still held to the merchant (kind). As a
-- refund, it is the intent: committed before the company is asked, with the company's number
-- (company_no, order_ref || '-S' || seq) derived from it, so that a send after a timeout reaches the
-- same company order instead of making a second one.
--  * settlement_ref is the merchant's number (WeChat's out_order_no), unique in the merchant's
--    whole namespace, splits and releases alike (settlement_ref_uq).
--  * seq is its place among the payment's splits and releases: at most 50 splits and one release.
--  * the parts (settlement_part) are the receivers' shares with the company's result each; what a
--    payment still holds is a sum over them and the refunds, taken under the payment's row lock.
-- Receivers are registered per merchant and company; their names go to the company and are kept
-- here only masked, as they are shown.
CREATE SEQUENCE settlement_receiver_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE settlement_receiver (
    id               BIGINT PRIMARY KEY,
    merchant         VARCHAR(64) NOT NULL,
    payment_method   VARCHAR(16) NOT NULL,
    receiver_type    VARCHAR(16) NOT NULL,
    account          VARCHAR(64) NOT NULL,
    name_masked      VARCHAR(64),
    relation_type    VARCHAR(32) NOT NULL,
    custom_relation  VARCHAR(32),
    created_at       TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT settlement_receiver_uq UNIQUE (merchant, payment_method, account)
);

CREATE SEQUENCE settlement_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE settlement (
    id              BIGINT PRIMARY KEY,
    payment_id      BIGINT NOT NULL,
    merchant        VARCHAR(64) NOT NULL,
    seq             INTEGER NOT NULL,
    kind            VARCHAR(8) NOT NULL,
    settlement_ref  VARCHAR(64) NOT NULL,
    company_no      VARCHAR(64) NOT NULL,
    settlement_id   VARCHAR(64),
    state           VARCHAR(16) NOT NULL,
    state_desc      VARCHAR(256),
    finish          BOOLEAN NOT NULL,
    description     VARCHAR(80),
    amount          BIGINT NOT NULL,
    by_company      BOOLEAN NOT NULL,
    finished_at     TIMESTAMP WITH TIME ZONE,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    version         BIGINT NOT NULL,
    CONSTRAINT settlement_payment_fk FOREIGN KEY (payment_id) REFERENCES payment (id),
    CONSTRAINT settlement_ref_uq UNIQUE (merchant, settlement_ref),
    CONSTRAINT settlement_seq_uq UNIQUE (payment_id, seq),
    CONSTRAINT settlement_ck CHECK (amount >= 0 AND seq BETWEEN 1 AND 51 AND kind IN ('SPLIT', 'RELEASE'))
);
CREATE INDEX settlement_payment_ix ON settlement (payment_id);
-- The reconciliation's scan of splits and releases without a final outcome.
CREATE INDEX settlement_open_ix ON settlement (state, updated_at);

CREATE TABLE settlement_part (
    settlement_id  BIGINT NOT NULL,
    seq            INTEGER NOT NULL,
    receiver_type  VARCHAR(16) NOT NULL,
    account        VARCHAR(64) NOT NULL,
    amount         BIGINT NOT NULL,
    description    VARCHAR(80),
    result         VARCHAR(16) NOT NULL,
    fail_reason    VARCHAR(256),
    finished_at    TIMESTAMP WITH TIME ZONE,
    CONSTRAINT settlement_part_pk PRIMARY KEY (settlement_id, seq),
    CONSTRAINT settlement_part_fk FOREIGN KEY (settlement_id) REFERENCES settlement (id),
    CONSTRAINT settlement_part_ck CHECK (amount > 0)
);
-- The reconciliation's scan of held payments whose holding days are over.
CREATE INDEX payment_held_ix ON payment (held_for_settlement, paid_at);
