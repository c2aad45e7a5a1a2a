-- Refunds of payments (issue 15). A refund row is the intent: it is committed before the company
-- is asked, with the company's refund number derived from it, so that a retry after a timeout
-- reaches the same company refund instead of making a second one.
--  * refund_ref is the merchant's number; it names one refund of one payment and is never reused
--    by the merchant for another payment (refund_ref_uq, the merchant's whole namespace).
--  * seq is the refund's place among the payment's refunds (1 to 50); company_refund_no is
--    order_ref || '-' || seq, unique within the company account because order_ref is.
--  * the refunded total of a payment is a sum over its rows, taken under the payment's row lock.
CREATE SEQUENCE refund_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE refund (
    id                 BIGINT PRIMARY KEY,
    payment_id         BIGINT NOT NULL,
    merchant           VARCHAR(64) NOT NULL,
    seq                INTEGER NOT NULL,
    refund_ref         VARCHAR(64) NOT NULL,
    company_refund_no  VARCHAR(64) NOT NULL,
    amount             BIGINT NOT NULL,
    currency           CHAR(3) NOT NULL,
    reason             VARCHAR(80),
    notify_url         VARCHAR(256),
    state              VARCHAR(16) NOT NULL,
    state_desc         VARCHAR(256),
    refund_id          VARCHAR(64),
    payer_total        BIGINT,
    payer_refund       BIGINT,
    payer_currency     CHAR(3),
    settlement_total   BIGINT,
    settlement_amount  BIGINT,
    success_at         TIMESTAMP WITH TIME ZONE,
    created_at         TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at         TIMESTAMP WITH TIME ZONE NOT NULL,
    version            BIGINT NOT NULL,
    CONSTRAINT refund_payment_fk FOREIGN KEY (payment_id) REFERENCES payment (id),
    CONSTRAINT refund_ref_uq UNIQUE (merchant, refund_ref),
    CONSTRAINT refund_seq_uq UNIQUE (payment_id, seq),
    CONSTRAINT refund_amount_ck CHECK (amount > 0 AND seq BETWEEN 1 AND 50)
);
CREATE INDEX refund_payment_ix ON refund (payment_id);
-- The reconciliation's scan of refunds without a final outcome, as payment_open_ix for payments.
CREATE INDEX refund_open_ix ON refund (state, updated_at);
