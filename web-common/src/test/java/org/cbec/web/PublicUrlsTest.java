package org.cbec.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import org.junit.jupiter.api.Test;

class PublicUrlsTest {

    private static final URI INNER = URI.create("http://10.0.0.5:8080/checkout/");

    @Test
    void withoutAProxyTheRequestsOwnAddressIsUsed() {
        assertEquals(INNER, PublicUrls.base(INNER, null, null, null));
    }

    @Test
    void aConfiguredPublicRootWins() {
        assertEquals(URI.create("https://shop.example/checkout/"), PublicUrls.base(INNER, "https://shop.example/", "http", "evil.example"));
    }

    @Test
    void theProxysForwardedSchemeAndHostAreUsed() {
        assertEquals(URI.create("https://shop.example/checkout/"), PublicUrls.base(INNER, null, "https", "shop.example"));
        assertEquals(URI.create("https://shop.example:8443/checkout/"), PublicUrls.base(INNER, null, "HTTPS, http", "shop.example:8443, inner"));
        assertEquals(URI.create("https://10.0.0.5:8080/checkout/"), PublicUrls.base(INNER, null, "https", null));
    }

    @Test
    void forwardedValuesThatAreNotASchemeOrAHostAreIgnored() {
        assertEquals(INNER, PublicUrls.base(INNER, null, "javascript", "evil.example/path?x=1"));
        assertEquals(INNER, PublicUrls.base(INNER, null, "", "user@evil.example"));
    }
}
