package org.cbec.web;

import java.net.URI;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The address of this service as the client reached it, for links and redirects sent back to it.
 * Behind a TLS proxy the request arrives as plain {@code http} on an inner host: a link built from
 * it would send the buyer's browser to {@code http://inner-host/…}. So: the configured public URL
 * when there is one (the proxy's {@code https://…} root); else the proxy's {@code X-Forwarded-Proto}
 * and {@code X-Forwarded-Host} when it sends them (each checked: a scheme of {@code http} or
 * {@code https}, a host name or address with an optional port — anything else is ignored); else
 * the request's own. Without a configured public URL the host used, the proxy's or the request's,
 * must be one of the allowed hosts: a client naming any other {@code Host} or
 * {@code X-Forwarded-Host} gets no link to it (a redirect carrying a secret token to a host the
 * client chose).
 */
public final class PublicUrls {

    private static final Pattern HOST = Pattern.compile("(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9.-]{1,253})(:[0-9]{1,5})?");

    private PublicUrls() {
    }

    /** The hosts allowed when none are configured: this machine's loopback names. */
    public static final Set<String> LOOPBACK_HOSTS = Set.of("localhost", "127.0.0.1", "[::1]");

    /** The allowed hosts of a comma-separated setting (case-insensitive, without ports), or {@link #LOOPBACK_HOSTS} when unset. */
    public static Set<String> allowedHosts(Optional<String> setting) {
        return setting.map(v -> Arrays.stream(v.split(",")).map(String::strip).filter(h -> !h.isEmpty())
                .map(h -> h.toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet())).orElse(LOOPBACK_HOSTS);
    }

    /**
     * The public form of {@code requestBase} (the application's base URI as the server saw it,
     * e.g. {@code http://10.0.0.5:8080/checkout/}); empty when no public root is configured and the
     * host it would name is not one of {@code allowedHosts}.
     *
     * @param configuredRoot the public root ({@code https://shop.example}), or null
     * @param allowedHosts   the hosts (lower case, without ports) a request may name when no root is configured
     * @param forwardedProto the {@code X-Forwarded-Proto} header, or null
     * @param forwardedHost  the {@code X-Forwarded-Host} header, or null
     */
    public static Optional<URI> base(URI requestBase, String configuredRoot, Set<String> allowedHosts, String forwardedProto,
            String forwardedHost) {
        String path = requestBase.getRawPath();
        if (configuredRoot != null && !configuredRoot.isBlank()) {
            String root = configuredRoot.strip().replaceAll("/+$", "");
            return Optional.of(URI.create(root + path));
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
        if (authority == null || !allowedHosts.contains(hostOf(authority))) {
            return Optional.empty();
        }
        return Optional.of(URI.create(scheme + "://" + authority + path));
    }

    /** The host of {@code host[:port]}, in lower case: an IPv6 literal keeps its brackets. */
    private static String hostOf(String authority) {
        String host = authority;
        int colon = authority.lastIndexOf(':');
        if (colon > authority.lastIndexOf(']')) {
            host = authority.substring(0, colon);
        }
        return host.toLowerCase(Locale.ROOT);
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
