-- Refunds (issue 15): one per order and the merchant's refund number (alphapay's out_refund_no,
-- betapay's out_request_no), so that the same number sent twice at once cannot make two refunds.
-- alphapay keeps out_refund_no unique per account too; that rule is the books', under the order's
-- row lock, with the index below to find a number across an account's orders.
-- outcome is what a PROCESSING (alphapay) refund becomes once the sandbox's refund delay has
-- passed: SUCCESS, or the ABNORMAL or CLOSED a test arranged for the order (refund_outcome).
CREATE SEQUENCE sandbox_refund_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE sandbox_refund (
    id          BIGINT PRIMARY KEY,
    order_id    BIGINT NOT NULL,
    account_id  BIGINT NOT NULL,
    refund_no   VARCHAR(64) NOT NULL,
    refund_id   VARCHAR(64) NOT NULL,
    amount      BIGINT NOT NULL,
    reason      VARCHAR(256),
    state       VARCHAR(16) NOT NULL,
    outcome     VARCHAR(16) NOT NULL,
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    decided_at  TIMESTAMP WITH TIME ZONE,
    CONSTRAINT sandbox_refund_uq UNIQUE (order_id, refund_no),
    CONSTRAINT sandbox_refund_amount_ck CHECK (amount > 0),
    CONSTRAINT sandbox_refund_order_fk FOREIGN KEY (order_id) REFERENCES sandbox_order (id),
    CONSTRAINT sandbox_refund_account_fk FOREIGN KEY (account_id) REFERENCES sandbox_account (id)
);
CREATE INDEX sandbox_refund_account_ix ON sandbox_refund (account_id, refund_no);

-- How the order's next alphapay refunds end, when a test arranged it (null: SUCCESS).
ALTER TABLE sandbox_order ADD COLUMN refund_outcome VARCHAR(16);
