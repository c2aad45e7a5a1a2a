-- A merchant's statement of its balance at a company, asked for by payout (the lines since the
-- previous payout) or by Beijing day. The statement's lines are the balance_entry rows of its
-- window, read when it is shown; this row keeps that it was asked for and whether its window has
-- closed (READY) or not yet (PREPARING: the payout not final, or the day not over).
CREATE SEQUENCE payout_bill_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE payout_bill (
    id              BIGINT PRIMARY KEY,
    merchant        VARCHAR(64) NOT NULL,
    payment_method  VARCHAR(16) NOT NULL,
    payout_id       BIGINT,
    bill_date       DATE,
    state           VARCHAR(16) NOT NULL,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    ready_at        TIMESTAMP WITH TIME ZONE,
    version         BIGINT NOT NULL,
    CONSTRAINT payout_bill_payout_uq UNIQUE (merchant, payment_method, payout_id),
    CONSTRAINT payout_bill_date_uq UNIQUE (merchant, payment_method, bill_date),
    CONSTRAINT payout_bill_ck CHECK ((payout_id IS NULL) <> (bill_date IS NULL) AND state IN ('PREPARING', 'READY'))
);
