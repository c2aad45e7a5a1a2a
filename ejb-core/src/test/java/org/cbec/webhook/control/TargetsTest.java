package org.cbec.webhook.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TargetsTest {

    /** The URL's host is a literal: Java reads it without asking DNS. */
    private static String refusalOf(String host) {
        return Targets.check(URI.create("http://" + host + ":8080/notify"), false, Targets.SYSTEM).refusal();
    }

    @ParameterizedTest(name = "{0} ({1}) is refused")
    @CsvSource(delimiter = '|', value = {
            "0.0.0.0                                  | this network, unspecified",
            "0.0.0.1                                  | this network",
            "10.1.2.3                                 | private 10/8",
            "100.64.0.1                               | shared address space (carrier-grade NAT)",
            "100.127.255.254                          | shared address space, top",
            "127.0.0.1                                | loopback",
            "127.255.255.254                          | loopback, top",
            "169.254.169.254                          | link-local (cloud metadata)",
            "172.16.0.9                               | private 172.16/12",
            "172.31.255.1                             | private 172.16/12, top",
            "192.0.0.8                                | IETF protocol assignments",
            "192.0.2.1                                | documentation TEST-NET-1",
            "192.88.99.1                              | 6to4 relay anycast, deprecated",
            "192.168.1.1                              | private 192.168/16",
            "198.18.0.1                               | benchmarking",
            "198.19.255.254                           | benchmarking, top",
            "198.51.100.7                             | documentation TEST-NET-2",
            "203.0.113.7                              | documentation TEST-NET-3",
            "224.0.0.1                                | multicast",
            "239.255.255.250                          | multicast, SSDP",
            "240.0.0.1                                | reserved",
            "255.255.255.255                          | limited broadcast",
            "[::]                                     | IPv6 unspecified",
            "[::1]                                    | IPv6 loopback",
            "[::127.0.0.1]                            | IPv4-compatible loopback",
            "[::10.0.0.1]                             | IPv4-compatible private",
            "[::ffff:127.0.0.1]                       | IPv4-mapped loopback",
            "[::ffff:169.254.169.254]                 | IPv4-mapped link-local",
            "[64:ff9b::7f00:1]                        | NAT64 of loopback",
            "[64:ff9b::10.0.0.1]                      | NAT64 of a private address",
            "[64:ff9b::a9fe:a9fe]                     | NAT64 of link-local",
            "[64:ff9b:1::8.8.8.8]                     | local-use NAT64 64:ff9b:1::/48",
            "[2002:7f00:1::]                          | 6to4 of loopback",
            "[2002:c0a8:101::1]                       | 6to4 of 192.168.1.1",
            "[2002:a9fe:a9fe::1]                      | 6to4 of link-local",
            "[2001:0:4136:e378:8000:63bf:80ff:fffe]   | Teredo, client 127.0.0.1",
            "[2001:0:a00:1:8000:63bf:f7f7:f7f7]       | Teredo, server 10.0.0.1",
            "[2001:0:4136:e378:8000:63bf:3fff:fdd2]   | Teredo, client 192.0.2.45 (documentation)",
            "[2001:2::1]                              | benchmarking 2001:2::/48",
            "[2001:10::1]                             | ORCHID, deprecated",
            "[2001:db8::1]                            | documentation 2001:db8::/32",
            "[3fff::1]                                | documentation 3fff::/20",
            "[100::1]                                 | discard-only 100::/64",
            "[100:0:0:1::1]                           | dummy prefix 100:0:0:1::/64",
            "[5f00::1]                                | segment routing SIDs 5f00::/16",
            "[fc00::1]                                | unique local fc00::/7",
            "[fd12:3456::1]                           | unique local fd00::/8",
            "[fe80::1]                                | link-local",
            "[febf::1]                                | link-local, top",
            "[fec0::1]                                | site-local, deprecated",
            "[ff02::1]                                | multicast, link scope",
            "[ff0e::1]                                | multicast, global scope",
    })
    void aSpecialPurposeAddressIsRefused(String host, String what) {
        String refusal = refusalOf(host);
        assertNotNull(refusal, what);
        assertTrue(refusal.contains("private address"), refusal);
        assertNull(Targets.check(URI.create("http://" + host + "/n"), true, Targets.SYSTEM).refusal(),
                what + ", when private targets are allowed");
    }

    @ParameterizedTest(name = "{0} ({1}) is delivered to")
    @CsvSource(delimiter = '|', value = {
            "8.8.8.8                                  | public IPv4",
            "100.128.0.1                              | just above the shared address space",
            "198.20.0.1                               | just above benchmarking",
            "223.255.255.254                          | just below multicast",
            "192.31.196.1                             | AS112, globally reachable",
            "[2606:4700:4700::1111]                   | public IPv6",
            "[64:ff9b::8.8.8.8]                       | NAT64 of a public address",
            "[2002:808:808::1]                        | 6to4 of a public address",
            "[2001:0:4136:e378:8000:63bf:f7f7:f7f7]   | Teredo, server and client public",
            "[::ffff:8.8.8.8]                         | IPv4-mapped public, read as IPv4",
    })
    void aGloballyReachableAddressIsDeliveredTo(String host, String what) {
        assertNull(refusalOf(host), what);
    }

    @Test
    void anIpv4MappedAddressHeldAsIpv6IsRefused() throws Exception {
        byte[] mapped = InetAddress.getByName("8.8.8.8").getAddress();
        byte[] b = new byte[16];
        b[10] = (byte) 0xff;
        b[11] = (byte) 0xff;
        System.arraycopy(mapped, 0, b, 12, 4);
        assertNotNull(Targets.whyRefused(Inet6Address.getByAddress(null, b, -1)));
    }

    @Test
    void aNameIsRefusedWhenAnyOfItsAddressesIsRefused() throws Exception {
        InetAddress[] answer = {InetAddress.getByName("8.8.8.8"), InetAddress.getByName("10.0.0.1")};
        Targets.Checked checked = Targets.check(URI.create("https://hooks.example/n"), false, host -> answer);
        assertTrue(checked.refused());
        assertTrue(checked.refusal().contains("private"), checked.refusal());
        assertNotNull(Targets.check(URI.create("http://localhost/n"), false, Targets.SYSTEM).refusal(), "localhost");
    }

    @Test
    void theCheckedAddressesAreTheOnesTheNameAnsweredOnce() throws Exception {
        int[] lookups = {0};
        InetAddress[] answer = {InetAddress.getByName("8.8.8.8")};
        Targets.Checked checked = Targets.check(URI.create("https://Hooks.Example:8443/n"), false, host -> {
            lookups[0]++;
            return answer;
        });
        assertNull(checked.refusal());
        assertEquals("Hooks.Example", checked.host());
        assertEquals(List.of(answer), checked.addresses());
        assertEquals(1, lookups[0]);
    }

    @Test
    void onlyAbsoluteHttpUrlsAreTargets() {
        assertNotNull(Targets.refusal(URI.create("ftp://8.8.8.8/x"), true));
        assertNotNull(Targets.refusal(URI.create("/relative"), true));
        assertTrue(Targets.refusal(URI.create("file:///etc/passwd"), true).contains("http"));
        assertNotNull(Targets.refusal(URI.create("http://127.1:8080/n"), false), "a short IPv4 form is no URL host");
    }
    @Test
    void aPortNoClientCanSendToIsRefusedForGood() {
        Targets.Checked checked = Targets.check(URI.create("http://127.0.0.1:99999/p"), true, Targets.SYSTEM);
        assertTrue(checked.refused(), "port 99999");
        assertTrue(!checked.unresolved(), "not worth trying again");
        assertTrue(checked.refusal().contains("port"), checked.refusal());
        assertTrue(Targets.check(URI.create("http://127.0.0.1:0/p"), true, Targets.SYSTEM).refused(), "port 0");
    }

    @Test
    void theServersOwnListenersAreRefusedEvenWherePrivateTargetsAreAllowed() throws Exception {
        java.util.Set<Integer> own = java.util.Set.of(8080, 8443);
        assertTrue(Targets.check(URI.create("http://127.0.0.1:8080/broker/admin/keys"), true, own, Targets.SYSTEM).refused());
        assertTrue(Targets.check(URI.create("http://localhost:8080/x"), true, own, Targets.SYSTEM).refused(), "localhost");
        assertTrue(Targets.check(URI.create("https://[::1]:8443/x"), true, own, Targets.SYSTEM).refused(), "IPv6 loopback");
        assertTrue(Targets.check(URI.create("http://0.0.0.0:8080/x"), true, own, Targets.SYSTEM).refused(), "any address");
        Targets.Checked own8080 = Targets.check(URI.create("http://127.0.0.1:8080/x"), true, own, Targets.SYSTEM);
        assertTrue(own8080.refusal().contains("own listener"), own8080.refusal());
        assertTrue(!own8080.unresolved());
        assertNull(Targets.check(URI.create("http://127.0.0.1:9999/x"), true, own, Targets.SYSTEM).refusal(), "another local port");
        assertNull(Targets.check(URI.create("http://8.8.8.8:8080/x"), true, own, Targets.SYSTEM).refusal(), "another host's 8080");
        InetAddress local = java.net.NetworkInterface.networkInterfaces().flatMap(java.net.NetworkInterface::inetAddresses)
                .filter(a -> !a.isLoopbackAddress()).findFirst().orElse(null);
        if (local != null) {
            assertTrue(Targets.check(URI.create("http://" + (local instanceof Inet6Address ? "[" + local.getHostAddress() + "]"
                    : local.getHostAddress()) + ":8080/x"), true, own, host -> new InetAddress[] {local}).refused(),
                    "an address of this machine's interfaces: " + local);
        }
    }
}
