package org.cbec.access.control;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/** The user and password of an HTTP Basic {@code Authorization} header (RFC 7617). */
public record BasicCredentials(String user, String password) {

    private static final String SCHEME = "basic ";

    /** Empty when the header is absent, of another scheme, or not valid Basic credentials. */
    public static Optional<BasicCredentials> parse(String authorizationHeader) {
        if (authorizationHeader == null || authorizationHeader.length() <= SCHEME.length()
                || !authorizationHeader.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
            return Optional.empty();
        }
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(authorizationHeader.substring(SCHEME.length()).trim()),
                    StandardCharsets.UTF_8);
        } catch (IllegalArgumentException notBase64) {
            return Optional.empty();
        }
        int colon = decoded.indexOf(':');
        if (colon < 0) {
            return Optional.empty();
        }
        return Optional.of(new BasicCredentials(decoded.substring(0, colon), decoded.substring(colon + 1)));
    }

    @Override
    public String toString() {
        return "BasicCredentials[user=" + user + "]";
    }
}
