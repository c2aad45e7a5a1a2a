package org.cbec.webhook.control;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;

/**
 * Which addresses the broker may deliver to. A merchant must not be able to make the broker call
 * into its own network: loopback, private (RFC 1918, IPv6 unique local), link-local, wildcard,
 * multicast and the carrier-grade NAT range are refused unless private targets are allowed (the
 * embedded run, where the receiver is on the same machine). Checked on every address the name has,
 * at each delivery, so that a name changed to point inside after the payment was made is caught.
 */
public final class Targets {

    private Targets() {
    }

    /** Why the URL may not be delivered to, or null when it may. */
    public static String refusal(URI url, boolean allowPrivate) {
        if (url.getHost() == null || !("http".equalsIgnoreCase(url.getScheme()) || "https".equalsIgnoreCase(url.getScheme()))) {
            return "the target is not an absolute http or https URL";
        }
        if (allowPrivate) {
            return null;
        }
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(url.getHost());
        } catch (UnknownHostException e) {
            return "the target's host name does not resolve";
        }
        for (InetAddress a : addresses) {
            if (isPrivate(a)) {
                return "the target is a loopback or private address, refused (WEBHOOK_ALLOW_PRIVATE_TARGETS is false)";
            }
        }
        return null;
    }

    static boolean isPrivate(InetAddress a) {
        if (a.isLoopbackAddress() || a.isSiteLocalAddress() || a.isLinkLocalAddress() || a.isAnyLocalAddress()
                || a.isMulticastAddress()) {
            return true;
        }
        byte[] b = a.getAddress();
        if (a instanceof Inet6Address) {
            return (b[0] & 0xfe) == 0xfc; // fc00::/7, unique local
        }
        return (b[0] & 0xff) == 100 && (b[1] & 0xc0) == 64; // 100.64.0.0/10, carrier-grade NAT
    }
}
