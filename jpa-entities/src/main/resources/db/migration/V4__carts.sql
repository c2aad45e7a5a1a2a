-- Checkout carts. Amounts are integers in the smallest unit of the cart currency (total_minor)
-- and in fen (total_cny_fen, at the rate locked on the cart when it was created).
CREATE SEQUENCE cart_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE cart (
    id                   BIGINT PRIMARY KEY,
    cart_id              VARCHAR(40) NOT NULL,
    kind                 VARCHAR(16) NOT NULL,
    platform             VARCHAR(16),
    merchant_id          VARCHAR(64) NOT NULL,
    enterprise_id        VARCHAR(64),
    currency             CHAR(3) NOT NULL,
    total_minor          BIGINT NOT NULL,
    total_cny_fen        BIGINT,
    exchange_rate        NUMERIC(18, 6) NOT NULL,
    rate_source          VARCHAR(16) NOT NULL,
    rate_date            DATE NOT NULL,
    cart_json            VARCHAR(60000) NOT NULL,
    status               VARCHAR(24) NOT NULL,
    cancel_url           VARCHAR(2048),
    payment_url          VARCHAR(2048),
    enterprise_order_id  VARCHAR(64),
    payment_pay_id       VARCHAR(64),
    paid_at              TIMESTAMP WITH TIME ZONE,
    fail_reason          VARCHAR(512),
    initial_request      VARCHAR(2048),
    initial_response     VARCHAR(2048),
    declaration_status   VARCHAR(32),
    pay_transaction_id   VARCHAR(64),
    created_at           TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at           TIMESTAMP WITH TIME ZONE NOT NULL,
    version              BIGINT NOT NULL,
    CONSTRAINT cart_cart_id_uq UNIQUE (cart_id),
    CONSTRAINT cart_kind_ck CHECK (kind IN ('PLATFORM', 'ENTERPRISE')),
    CONSTRAINT cart_status_ck CHECK (status IN ('CREATED', 'PAYMENT_URL_SET', 'PAID', 'PAYMENT_FAILED', 'DECLARED'))
);

-- GBP to CNY reference rates as fetched (source ECB) or configured (source CONFIG); the newest
-- row is the current rate, so a restart keeps the last good one.
CREATE SEQUENCE exchange_rate_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE exchange_rate (
    id          BIGINT PRIMARY KEY,
    base        CHAR(3) NOT NULL,
    quote       CHAR(3) NOT NULL,
    rate        NUMERIC(18, 6) NOT NULL,
    source      VARCHAR(16) NOT NULL,
    rate_date   DATE NOT NULL,
    fetched_at  TIMESTAMP WITH TIME ZONE NOT NULL
);
