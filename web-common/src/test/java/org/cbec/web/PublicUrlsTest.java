package org.cbec.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PublicUrlsTest {

    private static final URI INNER = URI.create("http://10.0.0.5:8080/checkout/");
    private static final URI LOCAL = URI.create("http://localhost:8080/checkout/");
    private static final Set<String> ALLOWED = Set.of("localhost", "10.0.0.5", "shop.example", "[::1]");

    @Test
    void withoutAProxyTheRequestsOwnAddressIsUsedWhenItsHostIsAllowed() {
        assertEquals(Optional.of(INNER), PublicUrls.base(INNER, null, ALLOWED, null, null));
        assertEquals(Optional.of(LOCAL), PublicUrls.base(LOCAL, null, PublicUrls.LOOPBACK_HOSTS, null, null));
        assertEquals(Optional.of(URI.create("http://[::1]:8080/checkout/")),
                PublicUrls.base(URI.create("http://[::1]:8080/checkout/"), null, PublicUrls.LOOPBACK_HOSTS, null, null));
    }

    @Test
    void aHostThatIsNotAllowedGetsNoUrlFromTheRequestOrFromTheProxysHeaders() {
        assertEquals(Optional.empty(), PublicUrls.base(URI.create("http://evil.example/checkout/"), null, ALLOWED, null, null));
        assertEquals(Optional.empty(), PublicUrls.base(INNER, null, PublicUrls.LOOPBACK_HOSTS, null, null));
        assertEquals(Optional.empty(), PublicUrls.base(LOCAL, null, ALLOWED, "https", "evil.example"));
        assertEquals(Optional.empty(), PublicUrls.base(LOCAL, null, ALLOWED, null, "EVIL.example:443"));
    }

    @Test
    void aConfiguredPublicRootWins() {
        assertEquals(Optional.of(URI.create("https://shop.example/checkout/")),
                PublicUrls.base(INNER, "https://shop.example/", Set.of(), "http", "evil.example"));
    }

    @Test
    void theProxysForwardedSchemeAndAnAllowedHostAreUsed() {
        assertEquals(Optional.of(URI.create("https://shop.example/checkout/")), PublicUrls.base(INNER, null, ALLOWED, "https", "shop.example"));
        assertEquals(Optional.of(URI.create("https://Shop.Example:8443/checkout/")),
                PublicUrls.base(INNER, null, ALLOWED, "HTTPS, http", "Shop.Example:8443, inner"));
        assertEquals(Optional.of(URI.create("https://10.0.0.5:8080/checkout/")), PublicUrls.base(INNER, null, ALLOWED, "https", null));
    }

    @Test
    void forwardedValuesThatAreNotASchemeOrAHostAreIgnored() {
        assertEquals(Optional.of(INNER), PublicUrls.base(INNER, null, ALLOWED, "javascript", "evil.example/path?x=1"));
        assertEquals(Optional.of(INNER), PublicUrls.base(INNER, null, ALLOWED, "", "user@evil.example"));
    }

    @Test
    void theAllowedHostsAreReadFromACommaSeparatedSetting() {
        assertEquals(Set.of("shop.example", "10.0.0.5"), PublicUrls.allowedHosts(Optional.of(" Shop.Example , 10.0.0.5,")));
        assertEquals(PublicUrls.LOOPBACK_HOSTS, PublicUrls.allowedHosts(Optional.empty()));
    }
}
