package org.cbec.access.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;
import java.util.HashSet;
import java.util.Set;
import org.cbec.access.entity.ApiService;
import org.junit.jupiter.api.Test;

class KeyMaterialTest {

    @Test
    void brokerAndCheckoutKeysCarryTheirPrefixAnd256RandomBits() {
        String broker = KeyMaterial.newKey(ApiService.BROKER);
        String checkout = KeyMaterial.newKey(ApiService.CHECKOUT);
        assertTrue(broker.startsWith("cbk_"), broker.substring(0, 4));
        assertTrue(checkout.startsWith("cck_"), checkout.substring(0, 4));
        assertEquals(32, Base64.getUrlDecoder().decode(broker.substring(4)).length);
    }

    @Test
    void newKeysAndKeyIdsNeverRepeat() {
        Set<String> keys = new HashSet<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            assertTrue(keys.add(KeyMaterial.newKey(ApiService.BROKER)));
            assertTrue(ids.add(KeyMaterial.newKeyId()));
        }
    }

    @Test
    void keyIdIsUnrelatedToTheKeyText() {
        String id = KeyMaterial.newKeyId();
        assertTrue(id.matches("key_[0-9a-f]{20}"), id);
    }

    @Test
    void hashIsHexSha256OfUtf8Text() {
        // SHA-256("abc") from FIPS 180-2, appendix B.1.
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", KeyMaterial.hash("abc"));
    }

    @Test
    void sameHashComparesWholeValues() {
        String h = KeyMaterial.hash("k");
        assertTrue(KeyMaterial.sameHash(h, KeyMaterial.hash("k")));
        assertFalse(KeyMaterial.sameHash(h, KeyMaterial.hash("K")));
        assertFalse(KeyMaterial.sameHash(h, h.substring(1)));
        assertFalse(KeyMaterial.sameHash(null, h));
        assertNotEquals(KeyMaterial.hash("a"), KeyMaterial.hash("b"));
    }

    @Test
    void blankAndOverlongPresentedKeysAreNotLookedUp() {
        assertFalse(KeyMaterial.plausible(null));
        assertFalse(KeyMaterial.plausible(" "));
        assertFalse(KeyMaterial.plausible("x".repeat(KeyMaterial.MAX_PRESENTED_LENGTH + 1)));
        assertTrue(KeyMaterial.plausible(KeyMaterial.newKey(ApiService.CHECKOUT)));
    }
}
