package org.cbec.platform.text;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * The URLs a caller gives for the services to call or send a browser to (notifications, returns,
 * images): absolute, with a host, over http or https, and short enough to store.
 */
public final class HttpUrls {

    private HttpUrls() {
    }

    /** Whether {@code value} is an absolute http(s) URL with a host, of at most {@code maxChars} characters; null is not. */
    public static boolean isAbsoluteHttp(String value, int maxChars) {
        if (value == null || value.length() > maxChars) {
            return false;
        }
        try {
            URI uri = new URI(value);
            String scheme = uri.getScheme();
            return uri.isAbsolute() && uri.getHost() != null && ("http".equalsIgnoreCase(scheme) || "https".equalsIgnoreCase(scheme));
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
