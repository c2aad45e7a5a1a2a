-- A difference a test arranges: a revoked trade of an order billed beside its payment, a row of a kind
-- the broker's reading of the bill does not know.
ALTER TABLE sandbox_bill_difference DROP CONSTRAINT sandbox_bill_difference_kind_ck;
ALTER TABLE sandbox_bill_difference ADD CONSTRAINT sandbox_bill_difference_kind_ck
    CHECK (kind IN ('AMOUNT_PLUS_ONE_FEN', 'OMIT', 'SHIFT_SECONDS', 'WRONG_HASH', 'REVOKED_TRADE'));
