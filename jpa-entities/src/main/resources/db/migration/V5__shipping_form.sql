-- What the buyer confirmed on the shipping form: the (possibly corrected) shipping address, and
-- when the buyer consented to the customs declaration.
ALTER TABLE cart ADD COLUMN confirmed_address VARCHAR(4000);
ALTER TABLE cart ADD COLUMN confirmed_at TIMESTAMP WITH TIME ZONE;
