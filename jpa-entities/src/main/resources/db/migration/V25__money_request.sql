-- The janitor's record of each money request without the company's final word: a refund, a split,
-- a release or a payout (kind, subject_id: its row). The request's own row keeps what the company
-- said; this one keeps when it is asked next (next_attempt_at, by one back-off), how often it was
-- asked (attempts), what the last attempt heard (last_answer), and, once it is past the attempts or
-- the age it may take, that an operator must look (state NEEDS_ATTENTION, attention_since) and
-- what the operator noted when settling it. closed_at: the request reached its final state.
-- The janitor adds a row for every open request it finds without one, so none is ever skipped
-- (only the janitor writes rows: their ids come from the column's default). company_no: the
-- number the company knows the request by (the broker's idempotent number for it).
CREATE SEQUENCE money_request_seq;
CREATE TABLE money_request (
    id               BIGINT PRIMARY KEY DEFAULT nextval('money_request_seq'),
    kind             VARCHAR(8) NOT NULL,
    subject_id       BIGINT NOT NULL,
    merchant         VARCHAR(64) NOT NULL,
    payment_method   VARCHAR(16) NOT NULL,
    merchant_ref     VARCHAR(64) NOT NULL,
    company_no       VARCHAR(64),
    state            VARCHAR(24) NOT NULL,
    attempts         INTEGER NOT NULL,
    next_attempt_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    last_answer      VARCHAR(512),
    attention_since  TIMESTAMP WITH TIME ZONE,
    operator_note    VARCHAR(512),
    created_at       TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at       TIMESTAMP WITH TIME ZONE NOT NULL,
    closed_at        TIMESTAMP WITH TIME ZONE,
    CONSTRAINT money_request_subject_uq UNIQUE (kind, subject_id),
    CONSTRAINT money_request_ck CHECK (attempts >= 0)
);
-- The janitor's fair order: due first, by when they are due, never by when they last changed.
CREATE INDEX money_request_due_ix ON money_request (next_attempt_at, id) WHERE closed_at IS NULL;
-- The operator's list.
CREATE INDEX money_request_attention_ix ON money_request (attention_since) WHERE state = 'NEEDS_ATTENTION';
