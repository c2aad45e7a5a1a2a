-- A payment's create is sent and resolved as every other money request is: when it is sent again
-- after its first answer was lost and the company refuses that resend, the first send may still be
-- at the company, so the payment stays without an outcome and this records the refusal; only a
-- later query of the company ends it (refused when the company has no such order), and it is never
-- sent a third time.
ALTER TABLE payment ADD COLUMN resend_refused_at TIMESTAMP WITH TIME ZONE;
