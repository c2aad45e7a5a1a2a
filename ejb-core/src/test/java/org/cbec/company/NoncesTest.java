package org.cbec.company;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class NoncesTest {

    @Test
    void nonceIs32LettersAndDigits() {
        String nonce = Nonces.newNonce();
        assertEquals(32, nonce.length());
        assertTrue(nonce.matches("[A-Za-z0-9]{32}"), nonce);
    }

    @Test
    void noncesDoNotRepeat() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            assertTrue(seen.add(Nonces.newNonce()));
        }
    }

    @Test
    void everyCharacterOfTheAlphabetTurnsUp() {
        Set<Character> chars = new HashSet<>();
        for (int i = 0; i < 2_000; i++) {
            for (char c : Nonces.newNonce().toCharArray()) {
                chars.add(c);
            }
        }
        assertEquals(62, chars.size());
    }
}
