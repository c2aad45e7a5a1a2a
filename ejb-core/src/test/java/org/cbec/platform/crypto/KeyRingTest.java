package org.cbec.platform.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;
import org.junit.jupiter.api.Test;

class KeyRingTest {

    private static final String K1 = "k1:" + Base64.getEncoder().encodeToString(bytes(32, 1));
    private static final String K2 = "k2:" + Base64.getEncoder().encodeToString(bytes(32, 2));
    private static final String PEM = "-----BEGIN PRIVATE KEY-----\nMIIEv...\n-----END PRIVATE KEY-----";

    @Test
    void aSealedValueCarriesTheNewestKeyIdAndNotThePlainText() {
        String sealed = KeyRing.parse(K1 + "," + K2).seal(PEM, "ctx");
        assertTrue(sealed.startsWith("A256GCM:k2:"), sealed);
        assertFalse(sealed.contains("PRIVATE KEY"));
        assertEquals("k2", KeyRing.keyIdOf(sealed));
    }

    @Test
    void theSameValueSealsDifferentlyEachTime() {
        KeyRing ring = KeyRing.parse(K1);
        assertNotEquals(ring.seal(PEM, "ctx"), ring.seal(PEM, "ctx"));
    }

    @Test
    void aValueSealedUnderAnOlderKeyStillOpensAfterANewKeyIsAdded() {
        String sealedUnderK1 = KeyRing.parse(K1).seal(PEM, "ctx");
        KeyRing rotated = KeyRing.parse(K1 + "," + K2);
        assertEquals(PEM, rotated.open(sealedUnderK1, "ctx"));
        assertFalse(rotated.isCurrent(sealedUnderK1));
    }

    @Test
    void resealingMovesAValueToTheNewestKeyAndLeavesACurrentOneAsItIs() {
        KeyRing rotated = KeyRing.parse(K1 + "," + K2);
        String resealed = rotated.resealed(KeyRing.parse(K1).seal(PEM, "ctx"), "ctx");
        assertEquals("k2", KeyRing.keyIdOf(resealed));
        assertEquals(PEM, KeyRing.parse(K2).open(resealed, "ctx"), "the newest key alone opens it");
        assertEquals(resealed, rotated.resealed(resealed, "ctx"));
    }

    @Test
    void aValueStoredBeforeSealingIsSealedByAReseal() {
        String resealed = KeyRing.parse(K1).resealed(PEM, "ctx");
        assertTrue(KeyRing.isSealed(resealed));
        assertEquals(PEM, KeyRing.parse(K1).open(resealed, "ctx"));
    }

    @Test
    void aValueDoesNotOpenForAnotherContext() {
        KeyRing ring = KeyRing.parse(K1);
        String sealed = ring.seal(PEM, "company_credential\nm1\nalphapay\nmerchant_private_key");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ring.open(sealed, "company_credential\nm2\nalphapay\nmerchant_private_key"));
        assertFalse(e.getMessage().contains("PRIVATE KEY"));
    }

    @Test
    void anAlteredValueDoesNotOpen() {
        KeyRing ring = KeyRing.parse(K1);
        String sealed = ring.seal(PEM, "ctx");
        char last = sealed.charAt(sealed.length() - 5);
        String altered = sealed.substring(0, sealed.length() - 5) + (last == 'A' ? 'B' : 'A') + sealed.substring(sealed.length() - 4);
        assertThrows(IllegalStateException.class, () -> ring.open(altered, "ctx"));
    }

    @Test
    void aValueUnderAKeyNoLongerConfiguredIsRefusedNamingTheKeyId() {
        String sealed = KeyRing.parse(K1).seal(PEM, "ctx");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> KeyRing.parse(K2).open(sealed, "ctx"));
        assertTrue(e.getMessage().contains("k1"), e.getMessage());
    }

    @Test
    void aConfigurationThatIsNotIdColonBase64Of32BytesIsRefusedWithoutEchoingIt() {
        String short16 = "k1:" + Base64.getEncoder().encodeToString(bytes(16, 3));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> KeyRing.parse(short16)).getMessage().contains("32 bytes"));
        assertThrows(IllegalArgumentException.class, () -> KeyRing.parse(Base64.getEncoder().encodeToString(bytes(32, 4))));
        IllegalArgumentException notBase64 = assertThrows(IllegalArgumentException.class, () -> KeyRing.parse("k1:secret!value"));
        assertFalse(notBase64.getMessage().contains("secret!value"));
        assertThrows(IllegalArgumentException.class, () -> KeyRing.parse(K1 + "," + K1));
        assertThrows(IllegalArgumentException.class, () -> KeyRing.parse(" "));
        assertThrows(IllegalArgumentException.class, () -> KeyRing.parse(null));
    }

    private static byte[] bytes(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (seed * 31 + i);
        }
        return b;
    }
}
