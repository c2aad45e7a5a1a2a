package org.cbec.sandbox.admin;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import org.cbec.sandbox.crypto.Hashes;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The admin's HTTP Basic credentials: user {@code admin}, password {@code admin.password}
 * (ADMIN_PASSWORD). With no password configured every admin call is refused: a sandbox that opened
 * accounts for anyone would hand out keys. Compared in constant time.
 */
@ApplicationScoped
public class AdminCredentials {

    static final String USER = "admin";

    @Inject
    @ConfigProperty(name = "admin.password")
    Optional<String> password;

    public boolean accepts(String authorizationHeader) {
        return accepts(authorizationHeader, password.filter(p -> !p.isBlank()).orElse(null));
    }

    /** Whether the header carries {@code admin} and {@code expected} (never when nothing is expected). */
    static boolean accepts(String authorizationHeader, String expected) {
        if (expected == null || authorizationHeader == null
                || !authorizationHeader.regionMatches(true, 0, "Basic ", 0, 6)) {
            return false;
        }
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(authorizationHeader.substring(6).strip()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return false;
        }
        int colon = decoded.indexOf(':');
        if (colon < 0) {
            return false;
        }
        // Both compared, always, so the time taken does not say which one was wrong.
        boolean user = Hashes.constantTimeEquals(decoded.substring(0, colon), USER);
        boolean pass = Hashes.constantTimeEquals(decoded.substring(colon + 1), expected);
        return user & pass;
    }
}
