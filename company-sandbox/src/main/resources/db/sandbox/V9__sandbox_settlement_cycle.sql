-- Each account's settlement cycle (the days after a payment's pay day, Beijing time, that the
-- company settles it; 0 by default, at once): until then the payment's money is pending, refundable
-- and not payable abroad.
ALTER TABLE sandbox_account ADD COLUMN settlement_days INTEGER NOT NULL DEFAULT 0;
