package org.cbec.access.boundary;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.logging.Logger;
import org.cbec.access.control.AdminLoginLedger;
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
 * it is the proxy's. The counts are kept in the shared database ({@link AdminLoginLedger}), not in
 * memory: the broker's and the checkout's admin APIs share one password, so they share one count
 * (on Payara Micro they are two WARs with a copy of this bean each; on Payara Server one EAR, on
 * any number of instances). A key quiet for 15 minutes is deleted, by whichever node counts a
 * failure next (at most once a minute each). When the database cannot be read the login is
 * refused as locked for a second (never let through unthrottled). One WARNING line when a lock
 * starts, none per refused attempt; passwords are never logged.
 */
@ApplicationScoped
public class AdminLogins {

    private static final Logger LOG = Logger.getLogger(AdminLogins.class.getName());

    /** Locks never last longer than this, whatever the configuration says. */
    static final long LONGEST_LOCK_SECONDS = 30;

    /** How often a node deletes the keys quiet for {@link LoginThrottle#FORGET_AFTER_MILLIS}. */
    static final long FORGET_EVERY_MILLIS = 60_000;

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
    @ConfigProperty(name = "admin.port")
    Optional<Integer> adminPort;

    @EJB
    AdminLoginLedger ledger;

    /** The wall clock, in epoch milliseconds (shared counts compare with it). */
    LongSupplier clock = System::currentTimeMillis;

    private LoginThrottle addresses;
    private LoginThrottle users;
    private final AtomicLong lastForget = new AtomicLong();

    @PostConstruct
    void init() {
        long max = Math.min(LONGEST_LOCK_SECONDS, Math.max(1, maxLockSeconds));
        long first = Math.min(max, Math.max(1, lockSeconds));
        addresses = new LoginThrottle(Math.max(1, maxFailures), first, max);
        users = new LoginThrottle(Math.max(1, maxFailuresPerUser), first, max);
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
        long now = clock.getAsLong();
        Map<String, LoginThrottle.Failures> held;
        try {
            held = ledger.of(user == null ? Set.of(addressKey(address)) : Set.of(addressKey(address), userKey(user)));
        } catch (RuntimeException storeDown) {
            LOG.warning(() -> "admin login refused: its failed logins cannot be read (" + storeDown.getClass().getSimpleName() + ")");
            return OptionalLong.of(1);
        }
        OptionalLong byAddress = addresses.retryAfterSeconds(held.get(addressKey(address)), now);
        OptionalLong byUser = user == null ? OptionalLong.empty() : users.retryAfterSeconds(held.get(userKey(user)), now);
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
        long now = clock.getAsLong();
        count(addressKey(address), addresses, now).ifPresent(lock -> LOG.warning(() -> "admin logins from " + address + " refused for "
                + lock.seconds() + " s after " + lock.failures() + " failed in a row"));
        count(userKey(user), users, now).ifPresent(lock -> LOG.warning(() -> "admin logins as user \"" + printable(user) + "\" refused for "
                + lock.seconds() + " s after " + lock.failures() + " failed in a row (last from " + address + ")"));
        long last = lastForget.get();
        if (now - last >= FORGET_EVERY_MILLIS && lastForget.compareAndSet(last, now)) {
            try {
                ledger.forgetQuietSince(now - LoginThrottle.FORGET_AFTER_MILLIS);
            } catch (RuntimeException notNow) {
                // the next failure tries again; the quiet keys are forgotten by the rules meanwhile
                lastForget.set(last);
            }
        }
    }

    public void succeeded(String address, String user) {
        try {
            ledger.forget(Set.of(addressKey(address), userKey(user)));
        } catch (RuntimeException notNow) {
            LOG.warning(() -> "admin login: its earlier failures could not be forgotten (" + notNow.getClass().getSimpleName() + ")");
        }
    }

    /** Counts a failure; a second node inserting the same new key at once makes the first try fail: counted again, once. */
    private Optional<LoginThrottle.Lock> count(String key, LoginThrottle throttle, long now) {
        try {
            return ledger.failed(key, throttle, now).lock();
        } catch (RuntimeException raced) {
            try {
                return ledger.failed(key, throttle, now).lock();
            } catch (RuntimeException storeDown) {
                LOG.warning(() -> "admin login: a failed login could not be counted (" + storeDown.getClass().getSimpleName() + ")");
                return Optional.empty();
            }
        }
    }

    private static String addressKey(String address) {
        return "address:" + (address.length() <= 128 ? address : address.substring(0, 128));
    }

    /** Long sprayed names are cut, so that each held name costs little. */
    private static String userKey(String user) {
        return "user:" + (user.length() <= 128 ? user : user.substring(0, 128));
    }

    /** A user name fit for one log line: control characters replaced, at most 64 characters. */
    static String printable(String user) {
        String cut = user.length() <= 64 ? user : user.substring(0, 64) + "…";
        return cut.codePoints().map(c -> Character.isISOControl(c) ? '?' : c)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
    }
}
