-- Which node runs a cluster-wide scheduled job: a holder keeps its lease by renewing it before
-- expires_at; another node takes it only once it has expired. One row per job.
CREATE TABLE scheduler_lease (
    name       VARCHAR(64) PRIMARY KEY,
    holder     VARCHAR(128),
    expires_at TIMESTAMP WITH TIME ZONE NOT NULL,
    renewed_at TIMESTAMP WITH TIME ZONE
);
INSERT INTO scheduler_lease (name, holder, expires_at) VALUES ('payment-reconciliation', NULL, TIMESTAMP WITH TIME ZONE '1970-01-01 00:00:00+00:00');
