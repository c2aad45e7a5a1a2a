-- A CNY payment is held for settlement at the company unless its create says profitSharing false
-- (spec 2.2: "default true"); the flag is sent with the create and is part of its identity, so it
-- is stored as the create fixed it rather than read again from request_json: a payment stored
-- before holding existed was never held at the company, and its request_json (without the member)
-- would read as held. Existing rows therefore take false. subsidyAmount stays in request_json,
-- where every create has recorded it.
ALTER TABLE payment ADD COLUMN held_for_settlement BOOLEAN DEFAULT FALSE NOT NULL;
