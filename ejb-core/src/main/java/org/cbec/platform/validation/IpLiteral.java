package org.cbec.platform.validation;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * An IP address as a client or proxy writes it in a header: IPv4 in dotted decimal or IPv6 in its
 * text forms (RFC 4291 2.2, an embedded IPv4 address too), without a zone or brackets. At most
 * {@value #MAX_LENGTH} characters, the longest IPv6 text form.
 */
public final class IpLiteral {

    public static final int MAX_LENGTH = 45;

    private IpLiteral() {
    }

    public static boolean isValid(String value) {
        if (value == null || value.isEmpty() || value.length() > MAX_LENGTH) {
            return false;
        }
        return value.indexOf(':') < 0 ? isIpv4(value) : isIpv6(value);
    }

    private static boolean isIpv4(String value) {
        String[] parts = value.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        for (String part : parts) {
            if (part.isEmpty() || part.length() > 3 || part.length() > 1 && part.charAt(0) == '0'
                    || !part.chars().allMatch(ch -> ch >= '0' && ch <= '9') || Integer.parseInt(part) > 255) {
                return false;
            }
        }
        return true;
    }

    /**
     * Only hex digits, colons and dots reach the JDK's parser: a text with a colon is then parsed as
     * an IPv6 literal and never looked up by name.
     */
    private static boolean isIpv6(String value) {
        if (!value.chars().allMatch(ch -> ch == ':' || ch == '.' || Character.digit(ch, 16) >= 0)) {
            return false;
        }
        int lastColon = value.lastIndexOf(':');
        if (value.indexOf('.') >= 0 && (value.indexOf('.') < lastColon || !isIpv4(value.substring(lastColon + 1)))) {
            return false;
        }
        try {
            // An IPv4-mapped address (::ffff:a.b.c.d) comes back as an Inet4Address: still a valid literal.
            InetAddress parsed = InetAddress.getByName(value);
            return parsed instanceof Inet6Address || value.contains(":");
        } catch (UnknownHostException invalid) {
            return false;
        }
    }
}
