package org.cbec.access.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/**
 * Failed admin logins of one key (a client address or a user name) since its last success: how
 * many in a row, the last one, and the lock they earned. One table for both admin APIs and every
 * node, so that a lock earned at one holds at all.
 */
@Entity
@Table(name = "admin_login_failure")
@NamedQuery(name = AdminLoginFailure.OF_KEYS, query = "SELECT f FROM AdminLoginFailure f WHERE f.key IN :keys")
@NamedQuery(name = AdminLoginFailure.FORGET, query = "DELETE FROM AdminLoginFailure f WHERE f.key IN :keys")
@NamedQuery(name = AdminLoginFailure.FORGET_QUIET, query = "DELETE FROM AdminLoginFailure f WHERE f.lastFailure < :before")
public class AdminLoginFailure {

    public static final String OF_KEYS = "AdminLoginFailure.ofKeys";
    public static final String FORGET = "AdminLoginFailure.forget";
    public static final String FORGET_QUIET = "AdminLoginFailure.forgetQuiet";

    /** The longest key: a prefix and an address, or a user name cut to 128 characters. */
    public static final int KEY_LENGTH = 160;

    @Id
    @Column(name = "login_key", length = KEY_LENGTH)
    private String key;

    @Column(nullable = false)
    private int failures;

    @Column(name = "last_failure", nullable = false)
    private OffsetDateTime lastFailure;

    @Column(name = "locked_until")
    private OffsetDateTime lockedUntil;

    /** Rows are made by {@code INSERT … ON CONFLICT DO NOTHING}, so that two first failures at once both count. */
    protected AdminLoginFailure() {
    }

    public String getKey() {
        return key;
    }

    public int getFailures() {
        return failures;
    }

    public OffsetDateTime getLastFailure() {
        return lastFailure;
    }

    public OffsetDateTime getLockedUntil() {
        return lockedUntil;
    }

    /** The count after one more failure at {@code at}, and the lock it earned (null: none). */
    public void record(int failures, OffsetDateTime at, OffsetDateTime lockedUntil) {
        this.failures = failures;
        this.lastFailure = at;
        this.lockedUntil = lockedUntil;
    }
}
