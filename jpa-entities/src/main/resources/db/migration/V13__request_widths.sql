-- A payment keeps its create request as JSON (request_json), and every request the API document
-- accepts must fit, up to 100 product lines with every text at its maximum in characters that JSON
-- escapes (PaymentRequestLimitsTest builds it and checks it fits). 16,000 failed the insert of a
-- documented request of about 50 such lines. Still VARCHAR, not a LOB (see V2); SET DATA TYPE
-- keeps the NOT NULL.
ALTER TABLE payment ALTER COLUMN request_json SET DATA TYPE VARCHAR(200000);

-- A cart keeps its request as JSON (cart_json). The checkout's API document takes up to 500 lines
-- with texts and URLs of up to 2,048 characters each, more than 60,000 characters: a cart the
-- document accepts was refused as too large. The body is limited to HTTP_MAX_BODY_BYTES (1 MiB by
-- default) and its JSON text as stored is never longer than the body in bytes, so the column holds
-- any cart of that size.
ALTER TABLE cart ALTER COLUMN cart_json SET DATA TYPE VARCHAR(1048576);
