package org.cbec.webhook.control;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.URI;
import org.junit.jupiter.api.Test;

class TargetsTest {

    @Test
    void loopbackPrivateLinkLocalAndSharedAddressesAreRefusedUnlessAllowed() throws Exception {
        for (String host : new String[] {"127.0.0.1", "10.1.2.3", "172.16.0.9", "192.168.1.1", "169.254.169.254", "0.0.0.0",
                "100.64.0.1", "[::1]", "[fd00::1]", "[fe80::1]", "localhost"}) {
            URI url = URI.create("http://" + host + ":8080/notify");
            assertNotNull(Targets.refusal(url, false), host);
            assertNull(Targets.refusal(url, true), host + " when private targets are allowed");
        }
    }

    @Test
    void publicAddressesAreDeliveredTo() throws Exception {
        for (String host : new String[] {"203.0.113.7", "8.8.8.8", "100.128.0.1", "[2001:db8::1]"}) {
            assertFalse(Targets.isPrivate(InetAddress.getByName(host.replace("[", "").replace("]", ""))), host);
        }
        assertNull(Targets.refusal(URI.create("https://203.0.113.7/notify"), false));
    }

    @Test
    void onlyAbsoluteHttpUrlsAreTargets() {
        assertNotNull(Targets.refusal(URI.create("ftp://203.0.113.7/x"), true));
        assertNotNull(Targets.refusal(URI.create("/relative"), true));
        assertTrue(Targets.refusal(URI.create("file:///etc/passwd"), true).contains("http"));
    }
}
