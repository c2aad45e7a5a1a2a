-- A discrepancy names the merchant's own reference of the record beside the company's number (the
-- orderRef, refundRef, settlementRef or payoutRef; null where the broker has no record), and a split
-- part's receiver (masked as everywhere it is shown). Additive: an old instance leaves them null.
ALTER TABLE discrepancy ADD COLUMN merchant_ref VARCHAR(64);
ALTER TABLE discrepancy ADD COLUMN receiver VARCHAR(64);
