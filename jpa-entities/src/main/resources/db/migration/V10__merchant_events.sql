-- Events for merchants (issue 16): the outbox. An event row is written in the transaction that
-- changes the payment or refund it reports, so a change is never without its event nor an event
-- without its change; delivery reads the rows that are due.
--  * id is the event's id, sent as webhook-id on every attempt (the receiver's deduplication key).
--  * state PENDING (to be delivered at next_attempt_at), DELIVERED, FAILED (a day of attempts),
--    NO_TARGET (no notifyUrl: kept for the listing only).
--  * next_attempt_at is also the claim: a node about to send moves it past the longest attempt,
--    with the version checked, so one node at a time sends an event.
CREATE TABLE merchant_event (
    id               VARCHAR(40) PRIMARY KEY,
    merchant         VARCHAR(64) NOT NULL,
    payment_id       BIGINT NOT NULL,
    refund_id        BIGINT,
    type             VARCHAR(32) NOT NULL,
    body             VARCHAR(16000) NOT NULL,
    target_url       VARCHAR(256),
    state            VARCHAR(16) NOT NULL,
    attempts         INTEGER NOT NULL,
    next_attempt_at  TIMESTAMP WITH TIME ZONE,
    created_at       TIMESTAMP WITH TIME ZONE NOT NULL,
    ended_at         TIMESTAMP WITH TIME ZONE,
    version          BIGINT NOT NULL,
    CONSTRAINT merchant_event_payment_fk FOREIGN KEY (payment_id) REFERENCES payment (id),
    CONSTRAINT merchant_event_refund_fk FOREIGN KEY (refund_id) REFERENCES refund (id)
);
CREATE INDEX merchant_event_due_ix ON merchant_event (state, next_attempt_at);
CREATE INDEX merchant_event_payment_ix ON merchant_event (payment_id);

-- Every delivery attempt: when, what the receiver answered (status, or why there was no answer), how long.
CREATE SEQUENCE merchant_event_attempt_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE merchant_event_attempt (
    id            BIGINT PRIMARY KEY,
    event_id      VARCHAR(40) NOT NULL,
    attempted_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    http_status   INTEGER,
    duration_ms   BIGINT NOT NULL,
    error         VARCHAR(512),
    CONSTRAINT merchant_event_attempt_event_fk FOREIGN KEY (event_id) REFERENCES merchant_event (id)
);
CREATE INDEX merchant_event_attempt_event_ix ON merchant_event_attempt (event_id);

-- The merchant's webhook signing secrets (whsec_...). The newest signs; during a rotation the one
-- it replaced signs too until signs_until.
CREATE SEQUENCE webhook_secret_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE webhook_secret (
    id           BIGINT PRIMARY KEY,
    merchant     VARCHAR(64) NOT NULL,
    secret       VARCHAR(128) NOT NULL,
    created_at   TIMESTAMP WITH TIME ZONE NOT NULL,
    signs_until  TIMESTAMP WITH TIME ZONE
);
CREATE INDEX webhook_secret_merchant_ix ON webhook_secret (merchant);

-- alphapay's API v3 key of a merchant's account: its callbacks' resources are encrypted with it
-- (AEAD_AES_256_GCM). Optional: without it the account's encrypted callbacks are refused.
ALTER TABLE company_credential ADD COLUMN api_v3_key VARCHAR(64);

-- A payment still unpaid is asked about again by the reconciliation at next_poll_at (after one
-- minute, then at doubling intervals for a day), so that a lost callback is found anyway.
ALTER TABLE payment ADD COLUMN next_poll_at TIMESTAMP WITH TIME ZONE;
CREATE INDEX payment_poll_ix ON payment (next_poll_at);
