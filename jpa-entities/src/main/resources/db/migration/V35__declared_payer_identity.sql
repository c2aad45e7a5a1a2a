-- The payer identity a merchant declared with a payment's customs declaration (its ID number and
-- name, or an identity upload's), sealed under the key-encryption key and bound to its row, so that
-- an order declared to customs for the payment can be held to it (its buyer must be the payer);
-- payer_declared_at: when it was declared, the latest of a payment's declarations being the one
-- compared.
ALTER TABLE declaration ADD COLUMN payer_identity VARCHAR(1024);
ALTER TABLE declaration ADD COLUMN payer_declared_at TIMESTAMP WITH TIME ZONE;
CREATE INDEX declaration_payer_ix ON declaration (payment_id, payer_declared_at) WHERE payer_identity IS NOT NULL;
