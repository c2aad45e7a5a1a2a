-- An order created with alphapay settle_info.profit_sharing true or betapay
-- extend_params.royalty_freeze "true" holds its money for settlement, as the real companies do;
-- absent means not held at both. Orders created before this column were not held.
ALTER TABLE sandbox_order ADD COLUMN held_for_settlement BOOLEAN DEFAULT FALSE NOT NULL;
