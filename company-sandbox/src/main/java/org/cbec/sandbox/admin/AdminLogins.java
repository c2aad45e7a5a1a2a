package org.cbec.sandbox.admin;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.OptionalLong;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Failed admin logins, throttled per client address and per user name as the broker's admin API
 * throttles its own: after {@code sandbox.admin.login.max-failures} failures in a row from one
 * address (5), or {@code sandbox.admin.login.max-failures-per-user} for one user from any address
 * (20), that address or user is locked for {@code sandbox.admin.login.lock-seconds} (1), doubled at
 * each further failure up to 30 s. While locked the admin API answers 429 with {@code Retry-After}
 * without checking the password. A success forgets both. The address is the socket's peer (behind a
 * proxy, the proxy's). Kept in memory, at most 10,000 addresses and as many user names. One WARNING
 * line when a lock starts; passwords are never logged.
 */
@ApplicationScoped
public class AdminLogins {

    private static final Logger LOG = Logger.getLogger(AdminLogins.class.getName());

    /** Locks never last longer than this. */
    static final long LONGEST_LOCK_SECONDS = 30;

    static final int TRACKED = 10_000;

    @Inject
    @ConfigProperty(name = "sandbox.admin.login.max-failures", defaultValue = "5")
    int maxFailures;

    @Inject
    @ConfigProperty(name = "sandbox.admin.login.max-failures-per-user", defaultValue = "20")
    int maxFailuresPerUser;

    @Inject
    @ConfigProperty(name = "sandbox.admin.login.lock-seconds", defaultValue = "1")
    long lockSeconds;

    private LoginLocks addresses;
    private LoginLocks users;

    @PostConstruct
    void init() {
        long first = Math.min(LONGEST_LOCK_SECONDS, Math.max(1, lockSeconds));
        addresses = new LoginLocks(Math.max(1, maxFailures), first, LONGEST_LOCK_SECONDS, TRACKED);
        users = new LoginLocks(Math.max(1, maxFailuresPerUser), first, LONGEST_LOCK_SECONDS, TRACKED);
    }

    /** Empty when a login from {@code address} as {@code user} (null: none sent) may be checked; else the seconds to wait. */
    OptionalLong retryAfterSeconds(String address, String user) {
        long now = System.nanoTime();
        OptionalLong byAddress = addresses.retryAfterSeconds(address, now);
        OptionalLong byUser = user == null ? OptionalLong.empty() : users.retryAfterSeconds(key(user), now);
        if (byAddress.isEmpty() || byUser.isEmpty()) {
            return byAddress.isEmpty() ? byUser : byAddress;
        }
        return OptionalLong.of(Math.max(byAddress.getAsLong(), byUser.getAsLong()));
    }

    void failed(String address, String user) {
        long now = System.nanoTime();
        addresses.failed(address, now).ifPresent(seconds -> LOG.warning(() -> "admin logins from " + address
                + " refused for " + seconds + " s after failed ones"));
        users.failed(key(user), now).ifPresent(seconds -> LOG.warning(() -> "admin logins as user \"" + printable(user)
                + "\" refused for " + seconds + " s after failed ones (last from " + address + ")"));
    }

    void succeeded(String address, String user) {
        addresses.succeeded(address);
        users.succeeded(key(user));
    }

    /** Long names are cut, so that each held name costs little. */
    private static String key(String user) {
        return user.length() <= 128 ? user : user.substring(0, 128);
    }

    /** A user name fit for one log line: control characters replaced, at most 64 characters. */
    static String printable(String user) {
        String cut = user.length() <= 64 ? user : user.substring(0, 64) + "…";
        return cut.codePoints().map(c -> Character.isISOControl(c) ? '?' : c)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
    }
}
