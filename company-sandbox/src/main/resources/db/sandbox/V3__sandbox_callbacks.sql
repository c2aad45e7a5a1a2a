-- Asynchronous callbacks (notifications): the companies POST to the notify URL a merchant gave
-- when an order is paid or closed and when a refund reaches its final state, as the real ones do.

-- alphapay's API v3 key: 32 letters and digits, made when the account is opened, the AES-256-GCM
-- key of the resource in its callbacks. Null for betapay accounts. An alphapay account opened
-- before this migration gets one at the next startup (CompanyKeysAtStartup), not here: neither
-- database's random functions are portable.
ALTER TABLE sandbox_account ADD COLUMN api_v3_key VARCHAR(32);

-- The notify URL of the create (alphapay body notify_url, betapay gateway parameter notify_url)
-- and of the refund (alphapay its own; betapay its own, else the order's), null when none.
ALTER TABLE sandbox_order ADD COLUMN notify_url VARCHAR(256);
ALTER TABLE sandbox_refund ADD COLUMN notify_url VARCHAR(256);

-- The sender's timer looks for alphapay refunds still stored PROCESSING whose delay has passed; it
-- stores the outcome under the order's row lock and writes the callback in that transaction, so a
-- refund is reported exactly once even when two servers share the database.
CREATE INDEX sandbox_refund_processing_ix ON sandbox_refund (state, created_at);

-- The callback outbox, written in the transaction of the change it reports. body is what goes on
-- the wire at every attempt (alphapay's JSON, whose id stays the same; betapay's signed form);
-- alphapay's signature headers are made at each attempt. A sender claims a due row by moving
-- next_attempt_at past its send (a lease) where claim_version is still the one it read, so one
-- sender makes each attempt even when two servers share the database.
CREATE SEQUENCE sandbox_callback_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE sandbox_callback (
    id               BIGINT PRIMARY KEY,
    account_id       BIGINT NOT NULL,
    order_id         BIGINT NOT NULL,
    refund_no        VARCHAR(64),
    payment_method   VARCHAR(16) NOT NULL,
    kind             VARCHAR(32) NOT NULL,
    url              VARCHAR(256) NOT NULL,
    body             VARCHAR(8000) NOT NULL,
    state            VARCHAR(16) NOT NULL,
    attempts         INTEGER NOT NULL,
    last_status      INTEGER,
    next_attempt_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    created_at       TIMESTAMP WITH TIME ZONE NOT NULL,
    delivered_at     TIMESTAMP WITH TIME ZONE,
    claim_version    BIGINT NOT NULL,
    CONSTRAINT sandbox_callback_state_ck CHECK (state IN ('PENDING', 'DELIVERED', 'GIVEN_UP')),
    CONSTRAINT sandbox_callback_order_fk FOREIGN KEY (order_id) REFERENCES sandbox_order (id),
    CONSTRAINT sandbox_callback_account_fk FOREIGN KEY (account_id) REFERENCES sandbox_account (id)
);
CREATE INDEX sandbox_callback_due_ix ON sandbox_callback (state, next_attempt_at);
CREATE INDEX sandbox_callback_order_ix ON sandbox_callback (order_id);
