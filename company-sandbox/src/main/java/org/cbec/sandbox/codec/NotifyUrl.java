package org.cbec.sandbox.codec;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * A notify URL as both companies take it: an absolute {@code http} or {@code https} URL with a host,
 * of plain text and at most {@value #MAX_LENGTH} characters. Checked when it is given, so that the
 * callback sender never meets one it cannot send to. (http is allowed, unlike at a real company: the
 * tests and the embedded run listen without TLS.)
 */
public final class NotifyUrl {

    public static final int MAX_LENGTH = 256;
    public static final String RULE = "an absolute http or https URL of at most " + MAX_LENGTH + " characters";

    private NotifyUrl() {
    }

    public static boolean isValid(String url) {
        if (!PlainText.isPlain(url, MAX_LENGTH)) {
            return false;
        }
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            return (scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null && !uri.getHost().isEmpty();
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
