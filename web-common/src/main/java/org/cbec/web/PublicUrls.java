package org.cbec.web;

import java.net.URI;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The address of this service as the client reached it, for links and redirects sent back to it.
 * Behind a TLS proxy the request arrives as plain {@code http} on an inner host: a link built from
 * it would send the buyer's browser to {@code http://inner-host/…}. So: the configured public URL
 * when there is one (the proxy's {@code https://…} root); else the proxy's {@code X-Forwarded-Proto}
 * and {@code X-Forwarded-Host} when it sends them (each checked: a scheme of {@code http} or
 * {@code https}, a host name or address with an optional port — anything else is ignored); else
 * the request's own.
 */
public final class PublicUrls {

    private static final Pattern HOST = Pattern.compile("(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9.-]{1,253})(:[0-9]{1,5})?");

    private PublicUrls() {
    }

    /**
     * The public form of {@code requestBase} (the application's base URI as the server saw it,
     * e.g. {@code http://10.0.0.5:8080/checkout/}).
     *
     * @param configuredRoot the public root ({@code https://shop.example}), or null
     * @param forwardedProto the {@code X-Forwarded-Proto} header, or null
     * @param forwardedHost  the {@code X-Forwarded-Host} header, or null
     */
    public static URI base(URI requestBase, String configuredRoot, String forwardedProto, String forwardedHost) {
        String path = requestBase.getRawPath();
        if (configuredRoot != null && !configuredRoot.isBlank()) {
            String root = configuredRoot.strip().replaceAll("/+$", "");
            return URI.create(root + path);
        }
        String scheme = requestBase.getScheme();
        String authority = requestBase.getRawAuthority();
        String proto = first(forwardedProto);
        if (proto != null) {
            proto = proto.toLowerCase(Locale.ROOT);
            if (proto.equals("https") || proto.equals("http")) {
                scheme = proto;
            }
        }
        String host = first(forwardedHost);
        if (host != null && HOST.matcher(host).matches()) {
            authority = host;
        }
        return URI.create(scheme + "://" + authority + path);
    }

    /** A proxy chain sends {@code a, b}: the first is the client's side. */
    private static String first(String header) {
        if (header == null) {
            return null;
        }
        String v = header.split(",", 2)[0].strip();
        return v.isEmpty() ? null : v;
    }
}
