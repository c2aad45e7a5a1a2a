-- Daily bills: each account's lines of a Beijing day are written from its own rows (orders paid,
-- refunds decided, split parts finished, payouts accepted), read by account and time through the
-- indexes below. A split part has no account of its own: its split has (sandbox_split_uq leads
-- with account_id), and the part is found by its split and its finish time.
CREATE INDEX sandbox_order_paid_ix ON sandbox_order (account_id, paid_at);
CREATE INDEX sandbox_refund_decided_ix ON sandbox_refund (account_id, decided_at);
CREATE INDEX sandbox_split_part_finished_ix ON sandbox_split_part (split_row_id, finished_at);
CREATE INDEX sandbox_payout_accepted_ix ON sandbox_payout (account_id, accepted_at);

-- The differences a test arranged in an account's bills (admin POST .../bill-differences): a line
-- billed one fen more, left out, or at another time, all by the merchant's number (a payment's
-- out_trade_no, a refund's, split's or payout's number), or every download of the account answered
-- with a hash that does not match its file. Kept until the test clears them.
CREATE SEQUENCE sandbox_bill_difference_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE sandbox_bill_difference (
    id          BIGINT PRIMARY KEY,
    account_id  BIGINT NOT NULL,
    kind        VARCHAR(24) NOT NULL,
    reference   VARCHAR(64),
    seconds     INTEGER,
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT sandbox_bill_difference_kind_ck
        CHECK (kind IN ('AMOUNT_PLUS_ONE_FEN', 'OMIT', 'SHIFT_SECONDS', 'WRONG_HASH')),
    CONSTRAINT sandbox_bill_difference_reference_ck
        CHECK ((kind = 'WRONG_HASH' AND reference IS NULL) OR (kind <> 'WRONG_HASH' AND reference IS NOT NULL)),
    CONSTRAINT sandbox_bill_difference_seconds_ck
        CHECK ((kind = 'SHIFT_SECONDS' AND seconds IS NOT NULL AND seconds <> 0) OR (kind <> 'SHIFT_SECONDS' AND seconds IS NULL)),
    CONSTRAINT sandbox_bill_difference_account_fk FOREIGN KEY (account_id) REFERENCES sandbox_account (id)
);
CREATE INDEX sandbox_bill_difference_account_ix ON sandbox_bill_difference (account_id);
