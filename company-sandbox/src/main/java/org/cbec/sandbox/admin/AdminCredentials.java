package org.cbec.sandbox.admin;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import org.cbec.sandbox.crypto.Hashes;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The admin's HTTP Basic credentials: user {@code admin}, password {@code sandbox.admin.password}
 * (SANDBOX_ADMIN_PASSWORD), the sandbox's own: a company never takes the broker's administrator
 * password. With no password configured every admin call is refused: a sandbox that opened
 * accounts for anyone would hand out keys. Compared in constant time.
 */
@ApplicationScoped
public class AdminCredentials {

    static final String USER = "admin";

    @Inject
    @ConfigProperty(name = "sandbox.admin.password")
    Optional<String> password;

    public boolean accepts(String authorizationHeader) {
        return accepts(authorizationHeader, password.filter(p -> !p.isBlank()).orElse(null));
    }

    /** Whether the header carries {@code admin} and {@code expected} (never when nothing is expected). */
    static boolean accepts(String authorizationHeader, String expected) {
        if (expected == null) {
            return false;
        }
        String[] basic = basic(authorizationHeader);
        if (basic == null) {
            return false;
        }
        // Both compared, always, so the time taken does not say which one was wrong.
        boolean user = Hashes.constantTimeEquals(basic[0], USER);
        boolean pass = Hashes.constantTimeEquals(basic[1], expected);
        return user & pass;
    }

    /** The user name of HTTP Basic credentials in the header; empty when it carries none. */
    static Optional<String> user(String authorizationHeader) {
        String[] basic = basic(authorizationHeader);
        return basic == null ? Optional.empty() : Optional.of(basic[0]);
    }

    /** User and password of the header's HTTP Basic credentials; null when it carries none. */
    private static String[] basic(String authorizationHeader) {
        if (authorizationHeader == null || !authorizationHeader.regionMatches(true, 0, "Basic ", 0, 6)) {
            return null;
        }
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(authorizationHeader.substring(6).strip()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
        int colon = decoded.indexOf(':');
        return colon < 0 ? null : new String[] {decoded.substring(0, colon), decoded.substring(colon + 1)};
    }
}
