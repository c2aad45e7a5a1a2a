-- Money not yet settled: a company settles a day's payments after its account's settlement cycle
-- (settlement_days, registered with the account; 0, the default, settles at once). Until then a
-- payment's money less its fee is pending (a new bucket of the running totals and of the entries'
-- totals after them), refunds of it are charged there, and payouts cannot take it; the payment keeps
-- the time it settles (settles_at, cleared once its money is available), by which the scheduled
-- work finds the ones due. Additive: an old instance books payments as available at once while it
-- serves (with a cycle of 0, its behaviour and this one's are the same).
ALTER TABLE company_credential ADD COLUMN settlement_days INTEGER NOT NULL DEFAULT 0;
ALTER TABLE company_credential ADD CONSTRAINT company_credential_settlement_days_ck CHECK (settlement_days BETWEEN 0 AND 30);
ALTER TABLE balance ADD COLUMN pending BIGINT NOT NULL DEFAULT 0;
ALTER TABLE balance_entry ADD COLUMN pending_after BIGINT NOT NULL DEFAULT 0;
ALTER TABLE payment ADD COLUMN settles_at TIMESTAMP WITH TIME ZONE;
CREATE INDEX payment_settles_ix ON payment (settles_at) WHERE settles_at IS NOT NULL;
