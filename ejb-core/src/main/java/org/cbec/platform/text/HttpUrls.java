package org.cbec.platform.text;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * The URLs a caller gives for the services to call or send a browser to (notifications, returns,
 * images): absolute, with a host, over http or https, on a port a client can connect to (1 to
 * 65535, or the scheme's own), and short enough to store.
 */
public final class HttpUrls {

    private HttpUrls() {
    }

    /** Whether a URL's port ({@code -1}: none, the scheme's own) is one a client can connect to. */
    public static boolean validPort(int port) {
        return port == -1 || (port >= 1 && port <= 65535);
    }

    /** Whether {@code value} is an absolute http(s) URL with a host, of at most {@code maxChars} characters; null is not. */
    public static boolean isAbsoluteHttp(String value, int maxChars) {
        if (value == null || value.length() > maxChars) {
            return false;
        }
        try {
            URI uri = new URI(value);
            String scheme = uri.getScheme();
            return uri.isAbsolute() && uri.getHost() != null && ("http".equalsIgnoreCase(scheme) || "https".equalsIgnoreCase(scheme))
                    && validPort(uri.getPort());
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
