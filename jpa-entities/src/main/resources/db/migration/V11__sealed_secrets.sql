-- Secrets at rest (issue 17): merchants' company private keys and API v3 keys are stored sealed
-- (AES-256-GCM under a key-encryption key, "A256GCM:<key id>:<base64url>"), which is longer than
-- the PEM or key it seals. Rows written before are sealed by the application when it starts.
ALTER TABLE company_credential ALTER COLUMN merchant_private_key SET DATA TYPE VARCHAR(8000);
ALTER TABLE company_credential ALTER COLUMN api_v3_key SET DATA TYPE VARCHAR(256);

-- Carts keep the payer's national ID number masked and phone numbers sealed: the stored JSON is a
-- little longer than what the client sent, whose limits (60000 and 4000 characters) are unchanged.
ALTER TABLE cart ALTER COLUMN cart_json SET DATA TYPE VARCHAR(61000);
ALTER TABLE cart ALTER COLUMN confirmed_address SET DATA TYPE VARCHAR(4400);
