-- A bill row of a kind the broker does not read (a revoked trade, a discounted line) is reported as a
-- difference of its own kind, with the line kind OTHER, while the rest of the bill is compared.
ALTER TABLE discrepancy DROP CONSTRAINT discrepancy_kind_ck;
ALTER TABLE discrepancy ADD CONSTRAINT discrepancy_kind_ck
    CHECK (kind IN ('MISSING_AT_BROKER', 'MISSING_AT_COMPANY', 'AMOUNT_DIFFERS', 'STATE_DIFFERS', 'FEE_DIFFERS', 'UNKNOWN_LINE'));
