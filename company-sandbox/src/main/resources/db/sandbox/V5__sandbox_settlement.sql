-- Settlement of money held for settlement (profit sharing, royalty): the receivers a merchant
-- registered, the splits of a held order to them and the releases of what an order still holds.
-- Amounts are what was held, in the order's smallest unit, as everywhere in these books.

-- The receivers an account registered at its company: a split may only pay a registered one.
-- One per account, type and receiver account (adding the same receiver again finds this row; the
-- constraint settles two adds at once). The receiver's name is personal data: kept as a SHA-256
-- hash (for "the same receiver again") and a mask of its first character (the admin view), never
-- the text. failure_reason is a test's arrangement: the receiver's next parts end CLOSED with it.
CREATE SEQUENCE sandbox_receiver_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE sandbox_receiver (
    id                BIGINT PRIMARY KEY,
    account_id        BIGINT NOT NULL,
    receiver_type     VARCHAR(32) NOT NULL,
    receiver_account  VARCHAR(64) NOT NULL,
    name_hash         VARCHAR(64),
    name_mask         VARCHAR(8),
    relation_type     VARCHAR(32),
    custom_relation   VARCHAR(64),
    failure_reason    VARCHAR(256),
    added_at          TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT sandbox_receiver_uq UNIQUE (account_id, receiver_type, receiver_account),
    CONSTRAINT sandbox_receiver_account_fk FOREIGN KEY (account_id) REFERENCES sandbox_account (id)
);

-- Splits and releases of held orders. The merchant's number (alphapay out_order_no, betapay
-- out_request_no) is unique per account, as both companies keep it: the same number sent twice at
-- once cannot make two splits. A release the company made on its own (by_company) is numbered with
-- its own split_id. finish: a split that released the rest right after it (its last part is then
-- the release to the merchant).
CREATE SEQUENCE sandbox_split_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE sandbox_split (
    id          BIGINT PRIMARY KEY,
    order_id    BIGINT NOT NULL,
    account_id  BIGINT NOT NULL,
    split_no    VARCHAR(64) NOT NULL,
    split_id    VARCHAR(64) NOT NULL,
    kind        VARCHAR(16) NOT NULL,
    finish      BOOLEAN NOT NULL,
    by_company  BOOLEAN NOT NULL,
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT sandbox_split_uq UNIQUE (account_id, split_no),
    CONSTRAINT sandbox_split_kind_ck CHECK (kind IN ('SPLIT', 'RELEASE')),
    CONSTRAINT sandbox_split_order_fk FOREIGN KEY (order_id) REFERENCES sandbox_order (id),
    CONSTRAINT sandbox_split_account_fk FOREIGN KEY (account_id) REFERENCES sandbox_account (id)
);
CREATE INDEX sandbox_split_order_ix ON sandbox_split (order_id);

-- Each receiver's part of a split, and the release's one part to the merchant itself (to_merchant:
-- not a split, whatever type a protocol calls its receivers; a split that finished has one too,
-- after its receivers' parts). A part to a
-- receiver is PENDING until the settlement delay has passed since created_at, and then reads as
-- its outcome (SUCCESS, or CLOSED with the fail_reason a test arranged); the callback sender's
-- timer later stores it (result, finished_at). A release's part may be 0 (nothing was left to
-- release); a receiver's part never is (the books refuse it; the check is the last defence).
CREATE SEQUENCE sandbox_split_part_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE sandbox_split_part (
    id                BIGINT PRIMARY KEY,
    split_row_id      BIGINT NOT NULL,
    order_id          BIGINT NOT NULL,
    part_no           INTEGER NOT NULL,
    to_merchant       BOOLEAN NOT NULL,
    receiver_type     VARCHAR(32) NOT NULL,
    receiver_account  VARCHAR(64) NOT NULL,
    amount            BIGINT NOT NULL,
    description       VARCHAR(256),
    result            VARCHAR(16) NOT NULL,
    outcome           VARCHAR(16) NOT NULL,
    fail_reason       VARCHAR(256),
    created_at        TIMESTAMP WITH TIME ZONE NOT NULL,
    finished_at       TIMESTAMP WITH TIME ZONE,
    CONSTRAINT sandbox_split_part_uq UNIQUE (split_row_id, part_no),
    CONSTRAINT sandbox_split_part_amount_ck CHECK (amount >= 0),
    CONSTRAINT sandbox_split_part_result_ck CHECK (result IN ('PENDING', 'SUCCESS', 'CLOSED')),
    CONSTRAINT sandbox_split_part_outcome_ck CHECK (outcome IN ('SUCCESS', 'CLOSED')),
    CONSTRAINT sandbox_split_part_split_fk FOREIGN KEY (split_row_id) REFERENCES sandbox_split (id),
    CONSTRAINT sandbox_split_part_order_fk FOREIGN KEY (order_id) REFERENCES sandbox_order (id)
);
CREATE INDEX sandbox_split_part_order_ix ON sandbox_split_part (order_id);
-- The timer looks for parts still stored PENDING whose delay has passed.
CREATE INDEX sandbox_split_part_pending_ix ON sandbox_split_part (result, created_at);

-- A split or query may name the order by the company's transaction id instead of out_trade_no.
CREATE INDEX sandbox_order_transaction_ix ON sandbox_order (account_id, transaction_id);
