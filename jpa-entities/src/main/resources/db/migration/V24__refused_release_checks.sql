-- A release the company refused is followed by one question to the company: what does it still
-- hold of the payment? A company that released the money on its own (after its own holding days)
-- refuses a release of it, and then the broker records that release as the company's. This is
-- when that question was answered (null: not yet), so that it is asked once.
ALTER TABLE settlement ADD COLUMN held_checked_at TIMESTAMP WITH TIME ZONE;
