-- The fee each account's company keeps: the rate the account was opened with (a percentage, two
-- places; 0 by default), kept on each paid order (its amount × the rate, rounded half up) and on
-- each refund (its share of its order's fee, given back), and billed on their lines.
ALTER TABLE sandbox_account ADD COLUMN fee_rate NUMERIC(5, 2) NOT NULL DEFAULT 0;
ALTER TABLE sandbox_order ADD COLUMN fee BIGINT NOT NULL DEFAULT 0;
ALTER TABLE sandbox_refund ADD COLUMN fee BIGINT NOT NULL DEFAULT 0;
