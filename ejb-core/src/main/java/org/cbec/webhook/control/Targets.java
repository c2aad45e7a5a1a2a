package org.cbec.webhook.control;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Set;
import org.cbec.platform.text.HttpUrls;

/**
 * Which addresses the broker may deliver to. A merchant must not be able to make the broker call
 * into its own network or any address that is not globally reachable: every range of the IANA IPv4
 * and IPv6 Special-Purpose Address Registries whose "globally reachable" is not true is refused,
 * as are multicast, IPv6 outside global unicast space, and the IPv6 forms that carry an IPv4
 * address (NAT64, 6to4, Teredo) when the address they carry is refused. Private targets may be
 * allowed (the embedded run, where the receiver is on the same machine); the server's own listeners
 * never are (an address of this machine at one of the ports it serves on), nor a port no client
 * can connect to.
 * <p>
 * The name is resolved once per delivery and the addresses that were checked are the only ones the
 * connection may use ({@link #check}), so a name that answers differently the second time (DNS
 * rebinding) cannot lead the connection elsewhere.
 */
public final class Targets {

    /** How a host name becomes addresses: the system's resolver in production. */
    @FunctionalInterface
    public interface Lookup {
        InetAddress[] all(String host) throws UnknownHostException;
    }

    public static final Lookup SYSTEM = InetAddress::getAllByName;

    private static final String UNRESOLVED = "the target's host name does not resolve";

    /** A target as checked: refused (and why), or its host and the addresses the connection may use. */
    public record Checked(String refusal, String host, List<InetAddress> addresses) {

        public boolean refused() {
            return refusal != null;
        }

        /** Refused because the name did not resolve now: worth trying again later, unlike the other refusals. */
        public boolean unresolved() {
            return UNRESOLVED.equals(refusal);
        }
    }

    /** A range and what it is, from the registries. */
    private record Range(byte[] prefix, int bits, String name) {

        boolean holds(byte[] address) {
            if (address.length != prefix.length) {
                return false;
            }
            for (int i = 0; i < bits; i++) {
                int mask = 0x80 >>> (i % 8);
                if ((address[i / 8] & mask) != (prefix[i / 8] & mask)) {
                    return false;
                }
            }
            return true;
        }
    }

    /** IPv4: the special-purpose ranges that are not globally reachable, and multicast. */
    private static final List<Range> REFUSED_V4 = List.of(
            range("0.0.0.0/8", "this network"),
            range("10.0.0.0/8", "private"),
            range("100.64.0.0/10", "shared address space"),
            range("127.0.0.0/8", "loopback"),
            range("169.254.0.0/16", "link-local"),
            range("172.16.0.0/12", "private"),
            range("192.0.0.0/24", "IETF protocol assignments"),
            range("192.0.2.0/24", "documentation"),
            range("192.88.99.0/24", "6to4 relay anycast, deprecated"),
            range("192.168.0.0/16", "private"),
            range("198.18.0.0/15", "benchmarking"),
            range("198.51.100.0/24", "documentation"),
            range("203.0.113.0/24", "documentation"),
            range("224.0.0.0/4", "multicast"),
            range("240.0.0.0/4", "reserved, and broadcast"));

    /** IPv6 inside global unicast space (2000::/3) that is not globally reachable. */
    private static final List<Range> REFUSED_V6 = List.of(
            range("2001:db8::/32", "documentation"),
            range("3fff::/20", "documentation"),
            range("2001::/23", "IETF protocol assignments"));

    private static final Range GLOBAL_UNICAST = range("2000::/3", "global unicast");
    private static final Range NAT64 = range("64:ff9b::/96", "NAT64");
    private static final Range SIX_TO_FOUR = range("2002::/16", "6to4");
    private static final Range TEREDO = range("2001::/32", "Teredo");

    private Targets() {
    }

    /** Why the URL may not be delivered to, or null when it may (resolving with the system's resolver). */
    public static String refusal(URI url, boolean allowPrivate) {
        return check(url, allowPrivate, SYSTEM).refusal();
    }

    /** {@link #check(URI, boolean, Set, Lookup)} with no listener ports of this server to refuse. */
    public static Checked check(URI url, boolean allowPrivate, Lookup lookup) {
        return check(url, allowPrivate, Set.of(), lookup);
    }

    /**
     * The target checked: its host resolved once with {@code lookup}, and every address refused
     * unless private targets are allowed; an address of this machine at one of {@code ownPorts}
     * (the server's listeners) is refused even then. The addresses returned are the ones to connect to.
     */
    public static Checked check(URI url, boolean allowPrivate, Set<Integer> ownPorts, Lookup lookup) {
        if (url.getHost() == null || !("http".equalsIgnoreCase(url.getScheme()) || "https".equalsIgnoreCase(url.getScheme()))) {
            return new Checked("the target is not an absolute http or https URL", null, List.of());
        }
        if (!HttpUrls.validPort(url.getPort())) {
            return new Checked("the target's port " + url.getPort() + " is not one a client can connect to", null, List.of());
        }
        String host = bare(url.getHost());
        InetAddress[] addresses;
        try {
            addresses = lookup.all(host);
        } catch (UnknownHostException e) {
            return new Checked(UNRESOLVED, host, List.of());
        }
        if (addresses == null || addresses.length == 0) {
            return new Checked(UNRESOLVED, host, List.of());
        }
        if (!allowPrivate) {
            for (InetAddress a : addresses) {
                String why = whyRefused(a);
                if (why != null) {
                    return new Checked("the target is a private address (" + why + "), refused (WEBHOOK_ALLOW_PRIVATE_TARGETS is false)",
                            host, List.of());
                }
            }
        }
        int port = url.getPort() != -1 ? url.getPort() : "https".equalsIgnoreCase(url.getScheme()) ? 443 : 80;
        if (ownPorts.contains(port)) {
            for (InetAddress a : addresses) {
                if (ofThisMachine(a)) {
                    return new Checked("the target is one of this server's own listeners (" + a.getHostAddress() + " port " + port
                            + "), refused", host, List.of());
                }
            }
        }
        return new Checked(null, host, List.of(addresses));
    }

    /** Whether a connection to {@code a} reaches this machine: loopback, the unspecified address, or an interface's. */
    static boolean ofThisMachine(InetAddress a) {
        if (a.isLoopbackAddress() || a.isAnyLocalAddress()) {
            return true;
        }
        try {
            return NetworkInterface.getByInetAddress(a) != null;
        } catch (SocketException e) {
            return true;
        }
    }

    /** The host as a resolver is asked for it: an IPv6 literal without its brackets. */
    public static String bare(String host) {
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }

    /** What kind of address this is when it is refused (its range), or null when it is globally reachable. */
    static String whyRefused(InetAddress a) {
        byte[] b = a.getAddress();
        if (a instanceof Inet4Address) {
            return REFUSED_V4.stream().filter(r -> r.holds(b)).map(r -> r.name()).findFirst().orElse(null);
        }
        if (NAT64.holds(b)) {
            return embedded("NAT64", b, 12, false);
        }
        if (!GLOBAL_UNICAST.holds(b)) {
            // ::/96 (IPv4-compatible, loopback, unspecified), ::ffff:0:0/96 (IPv4-mapped), 64:ff9b:1::/48,
            // 100::/64 (discard), 5f00::/16, fc00::/7 (unique local), fe80::/10 (link-local),
            // fec0::/10 (site-local), ff00::/8 (multicast): none is a global unicast address.
            return "IPv6 outside global unicast space";
        }
        if (SIX_TO_FOUR.holds(b)) {
            return embedded("6to4", b, 2, false);
        }
        if (TEREDO.holds(b)) {
            String server = embedded("Teredo server", b, 4, false);
            return server != null ? server : embedded("Teredo client", b, 12, true);
        }
        return REFUSED_V6.stream().filter(r -> r.holds(b)).map(r -> r.name()).findFirst().orElse(null);
    }

    /** The IPv4 address carried at {@code offset} (inverted for Teredo's client), judged as itself. */
    private static String embedded(String form, byte[] b, int offset, boolean inverted) {
        byte[] v4 = new byte[4];
        for (int i = 0; i < 4; i++) {
            v4[i] = (byte) (inverted ? ~b[offset + i] : b[offset + i]);
        }
        try {
            String why = whyRefused(InetAddress.getByAddress(v4));
            return why == null ? null : form + " form of a " + why + " address";
        } catch (UnknownHostException e) {
            throw new IllegalStateException("four bytes are an IPv4 address", e);
        }
    }

    private static Range range(String cidr, String name) {
        int slash = cidr.indexOf('/');
        try {
            return new Range(InetAddress.getByName(cidr.substring(0, slash)).getAddress(), Integer.parseInt(cidr.substring(slash + 1)), name);
        } catch (UnknownHostException e) {
            throw new IllegalStateException("a literal address", e);
        }
    }
}
