-- The daily reconciliation of the broker's records with each company's bills, per merchant
-- account and Beijing day: the day's run (its state, attempts and counts), the bill files as the
-- company gave them, and each difference found, open until the records agree or an operator
-- resolves it with a note.
CREATE SEQUENCE reconciliation_day_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE reconciliation_day (
    id               BIGINT PRIMARY KEY,
    merchant         VARCHAR(64) NOT NULL,
    payment_method   VARCHAR(16) NOT NULL,
    bill_date        DATE NOT NULL,
    state            VARCHAR(16) NOT NULL,
    attempts         INTEGER NOT NULL,
    last_error       VARCHAR(256),
    broker_lines     INTEGER,
    company_lines    INTEGER,
    matched          INTEGER,
    across_days      INTEGER,
    awaiting         INTEGER,
    run_by           VARCHAR(128),
    first_attempt_at TIMESTAMP WITH TIME ZONE,
    reconciled_at    TIMESTAMP WITH TIME ZONE,
    created_at       TIMESTAMP WITH TIME ZONE NOT NULL,
    version          BIGINT NOT NULL,
    CONSTRAINT reconciliation_day_uq UNIQUE (merchant, payment_method, bill_date),
    CONSTRAINT reconciliation_day_state_ck CHECK (state IN ('DUE', 'DONE', 'AWAITING', 'FAILED'))
);
CREATE INDEX reconciliation_day_due_ix ON reconciliation_day (state, bill_date);

CREATE SEQUENCE bill_file_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE bill_file (
    id               BIGINT PRIMARY KEY,
    day_id           BIGINT NOT NULL,
    name             VARCHAR(32) NOT NULL,
    content_type     VARCHAR(64) NOT NULL,
    hash_type        VARCHAR(16),
    hash_value       VARCHAR(128),
    content          BYTEA NOT NULL,
    downloaded_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT bill_file_day_fk FOREIGN KEY (day_id) REFERENCES reconciliation_day (id)
);
CREATE INDEX bill_file_day_ix ON bill_file (day_id);

CREATE SEQUENCE discrepancy_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE discrepancy (
    id               BIGINT PRIMARY KEY,
    merchant         VARCHAR(64) NOT NULL,
    payment_method   VARCHAR(16) NOT NULL,
    bill_date        DATE NOT NULL,
    kind             VARCHAR(24) NOT NULL,
    line_kind        VARCHAR(16) NOT NULL,
    line_key         VARCHAR(160) NOT NULL,
    order_ref        VARCHAR(64),
    reference        VARCHAR(64),
    broker_amount    BIGINT,
    company_amount   BIGINT,
    broker_state     VARCHAR(16),
    company_state    VARCHAR(16),
    company_line     VARCHAR(2000),
    state            VARCHAR(16) NOT NULL,
    resolution       VARCHAR(256),
    resolved_by      VARCHAR(64),
    created_at       TIMESTAMP WITH TIME ZONE NOT NULL,
    resolved_at      TIMESTAMP WITH TIME ZONE,
    version          BIGINT NOT NULL,
    CONSTRAINT discrepancy_uq UNIQUE (merchant, payment_method, bill_date, line_kind, line_key, kind),
    CONSTRAINT discrepancy_kind_ck CHECK (kind IN ('MISSING_AT_BROKER', 'MISSING_AT_COMPANY', 'AMOUNT_DIFFERS', 'STATE_DIFFERS')),
    CONSTRAINT discrepancy_state_ck CHECK (state IN ('OPEN', 'RESOLVED'))
);
CREATE INDEX discrepancy_open_ix ON discrepancy (state, kind);

-- The broker's records of a bill's day, read by the company's time for each.
CREATE INDEX payment_paid_ix ON payment (merchant, payment_method, paid_at);
CREATE INDEX refund_success_ix ON refund (merchant, success_at);
CREATE INDEX settlement_changed_ix ON settlement (merchant, updated_at);
CREATE INDEX payout_accepted_ix ON payout (merchant, payment_method, accepted_at);

-- The daily bill reconciliation's lease: one node at a time runs it.
INSERT INTO scheduler_lease (name, holder, expires_at) VALUES ('bill-reconciliation', NULL, TIMESTAMP WITH TIME ZONE '1970-01-01 00:00:00+00:00');
