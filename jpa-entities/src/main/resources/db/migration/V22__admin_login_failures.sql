-- Failed admin logins, one row per client address or user name that failed since its last
-- success: shared by the broker's and the checkout's admin APIs and by every node, so that a lock
-- earned at one stops all. A row quiet for 15 minutes is forgotten (deleted).
CREATE TABLE admin_login_failure (
    login_key    VARCHAR(160) PRIMARY KEY,
    failures     INTEGER NOT NULL,
    last_failure TIMESTAMP WITH TIME ZONE NOT NULL,
    locked_until TIMESTAMP WITH TIME ZONE
);
CREATE INDEX admin_login_failure_last ON admin_login_failure (last_failure);
