-- When a money request whose first answer was lost is sent again and the company refuses that
-- resend, the first send may still be at the company: the request stays without an outcome, and
-- this records the refusal, so that only a later query of the company ends it (refused when the
-- company has none, as the company reports it otherwise), and it is never sent a third time.
ALTER TABLE refund ADD COLUMN resend_refused_at TIMESTAMP WITH TIME ZONE;
ALTER TABLE settlement ADD COLUMN resend_refused_at TIMESTAMP WITH TIME ZONE;
ALTER TABLE payout ADD COLUMN resend_refused_at TIMESTAMP WITH TIME ZONE;
