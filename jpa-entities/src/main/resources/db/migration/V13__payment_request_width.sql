-- A payment keeps its create request as JSON (request_json), and every request the API document
-- accepts must fit, up to 100 product lines with every text at its maximum in characters that JSON
-- escapes (PaymentRequestLimitsTest builds it and checks it fits). 16,000 failed the insert of a
-- documented request of about 50 such lines. Still VARCHAR, not a LOB (see V2); SET DATA TYPE
-- keeps the NOT NULL on both H2 and PostgreSQL.
ALTER TABLE payment ALTER COLUMN request_json SET DATA TYPE VARCHAR(200000);
