package org.cbec.access.boundary;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.logging.Logger;
import org.cbec.access.control.BasicCredentials;
import org.cbec.access.control.LoginThrottle;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Failed admin logins, throttled per client address and per user name: after
 * {@code admin.login.max-failures} failures from one address (5), or
 * {@code admin.login.max-failures-per-user} for one user from any address (20), that address or
 * user is locked for {@code admin.login.lock-seconds} (1), doubled at each further failure up to
 * {@code admin.login.max-lock-seconds} (30, never more). While locked its logins are not checked and
 * the admin API answers 429 with {@code Retry-After}. A success forgets both. The per-user limit is
 * the higher one so that one address guessing cannot lock the administrator out everywhere at once,
 * while guesses spread over many addresses still meet it.
 * <p>
 * The address is the socket's peer ({@code getRemoteAddr}, never a forwarded header): behind a proxy
 * it is the proxy's. Kept per node, in memory, at most {@code admin.login.tracked} addresses and as
 * many user names (10,000 each; the least recently seen are dropped first). One WARNING line when a
 * lock starts, none per refused attempt; passwords are never logged.
 */
@ApplicationScoped
public class AdminLogins {

    private static final Logger LOG = Logger.getLogger(AdminLogins.class.getName());

    /** Locks never last longer than this, whatever the configuration says. */
    static final long LONGEST_LOCK_SECONDS = 30;

    @Inject
    @ConfigProperty(name = "admin.login.max-failures", defaultValue = "5")
    int maxFailures;

    @Inject
    @ConfigProperty(name = "admin.login.max-failures-per-user", defaultValue = "20")
    int maxFailuresPerUser;

    @Inject
    @ConfigProperty(name = "admin.login.lock-seconds", defaultValue = "1")
    long lockSeconds;

    @Inject
    @ConfigProperty(name = "admin.login.max-lock-seconds", defaultValue = "30")
    long maxLockSeconds;

    @Inject
    @ConfigProperty(name = "admin.login.tracked", defaultValue = "10000")
    int tracked;

    @Inject
    @ConfigProperty(name = "admin.port")
    Optional<Integer> adminPort;

    private LoginThrottle addresses;
    private LoginThrottle users;

    @PostConstruct
    void init() {
        long max = Math.min(LONGEST_LOCK_SECONDS, Math.max(1, maxLockSeconds));
        long first = Math.min(max, Math.max(1, lockSeconds));
        addresses = new LoginThrottle(Math.max(1, maxFailures), first, max, Math.max(1, tracked));
        users = new LoginThrottle(Math.max(1, maxFailuresPerUser), first, max, Math.max(1, tracked));
    }

    /** Whether admin logins are taken on this local port: any, unless {@code admin.port} names the one. */
    public boolean onAdminPort(int localPort) {
        return adminPort().isEmpty() || adminPort().getAsInt() == localPort;
    }

    /** The admin listener's port ({@code admin.port}), when the operator set one. */
    public OptionalInt adminPort() {
        return adminPort.filter(p -> p > 0).map(OptionalInt::of).orElseGet(OptionalInt::empty);
    }

    /** Empty when a login from {@code address} as {@code user} (null when none was sent) may be checked; else the seconds to wait. */
    public OptionalLong retryAfterSeconds(String address, String user) {
        long now = System.nanoTime();
        OptionalLong byAddress = addresses.retryAfterSeconds(address, now);
        OptionalLong byUser = user == null ? OptionalLong.empty() : users.retryAfterSeconds(key(user), now);
        if (byAddress.isEmpty()) {
            return byUser;
        }
        return byUser.isEmpty() ? byAddress : OptionalLong.of(Math.max(byAddress.getAsLong(), byUser.getAsLong()));
    }

    /** The wait of a request's {@code Authorization} header from {@code address} (see {@link #retryAfterSeconds(String, String)}). */
    public OptionalLong retryAfterSeconds(String address, Optional<String> authorizationHeader) {
        return retryAfterSeconds(address, authorizationHeader.flatMap(BasicCredentials::parse).map(BasicCredentials::user).orElse(null));
    }

    public void failed(String address, String user) {
        long now = System.nanoTime();
        addresses.failed(address, now).ifPresent(lock -> LOG.warning(() -> "admin logins from " + address + " refused for "
                + lock.seconds() + " s after " + lock.failures() + " failed in a row"));
        users.failed(key(user), now).ifPresent(lock -> LOG.warning(() -> "admin logins as user \"" + printable(user) + "\" refused for "
                + lock.seconds() + " s after " + lock.failures() + " failed in a row (last from " + address + ")"));
    }

    public void succeeded(String address, String user) {
        addresses.succeeded(address);
        users.succeeded(key(user));
    }

    /** Long sprayed names are cut, so that each held name costs little. */
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
