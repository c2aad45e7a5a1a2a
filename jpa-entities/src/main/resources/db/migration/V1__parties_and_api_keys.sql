-- Parties that hold API keys, and the keys themselves.
-- Written in the SQL of PostgreSQL 15 and later; ids come from sequences whose
-- START WITH equals INCREMENT BY equals the entities' allocationSize (EclipseLink pre-allocates
-- the block that ends at the value it reads).

CREATE SEQUENCE merchant_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE merchant (
    id          BIGINT PRIMARY KEY,
    name        VARCHAR(64) NOT NULL,
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT merchant_name_uq UNIQUE (name)
);

CREATE SEQUENCE enterprise_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE enterprise (
    id             BIGINT PRIMARY KEY,
    enterprise_id  VARCHAR(64) NOT NULL,
    name           VARCHAR(200) NOT NULL,
    created_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT enterprise_enterprise_id_uq UNIQUE (enterprise_id)
);

CREATE SEQUENCE platform_merchant_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE platform_merchant (
    id           BIGINT PRIMARY KEY,
    merchant_id  VARCHAR(64) NOT NULL,
    created_at   TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT platform_merchant_merchant_id_uq UNIQUE (merchant_id)
);

-- A key is stored only as the SHA-256 of the key text (64 hex characters); key_id is the public
-- handle used to revoke it.
CREATE SEQUENCE api_key_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE api_key (
    id           BIGINT PRIMARY KEY,
    key_id       VARCHAR(40) NOT NULL,
    service      VARCHAR(16) NOT NULL,
    secret_hash  CHAR(64) NOT NULL,
    label        VARCHAR(200),
    created_at   TIMESTAMP WITH TIME ZONE NOT NULL,
    revoked_at   TIMESTAMP WITH TIME ZONE,
    CONSTRAINT api_key_key_id_uq UNIQUE (key_id),
    CONSTRAINT api_key_secret_hash_uq UNIQUE (secret_hash),
    CONSTRAINT api_key_service_ck CHECK (service IN ('BROKER', 'CHECKOUT'))
);

CREATE SEQUENCE api_key_grant_seq START WITH 50 INCREMENT BY 50;
CREATE TABLE api_key_grant (
    id            BIGINT PRIMARY KEY,
    api_key_id    BIGINT NOT NULL,
    subject_type  VARCHAR(24) NOT NULL,
    subject       VARCHAR(64) NOT NULL,
    CONSTRAINT api_key_grant_key_fk FOREIGN KEY (api_key_id) REFERENCES api_key (id) ON DELETE CASCADE,
    CONSTRAINT api_key_grant_uq UNIQUE (api_key_id, subject_type, subject),
    CONSTRAINT api_key_grant_type_ck CHECK (subject_type IN ('MERCHANT', 'ENTERPRISE', 'PLATFORM_MERCHANT'))
);
