package org.cbec.sandbox.books;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.cbec.sandbox.crypto.Hashes;
import org.junit.jupiter.api.Test;

class IdentityTest {

    @Test
    void isTheSha256OfTheNormalisedNameABarAndTheIdNumber() {
        assertEquals(Hashes.sha256Hex("张三|11010519491231002X"), Identity.hash("张三", "11010519491231002X"));
    }

    @Test
    void spacesAndIdeographicSpacesDoNotCount() {
        assertEquals(Identity.hash("张三", "1"), Identity.hash(" 张 三 ", "1"));
        assertEquals(Identity.hash("张三", "1"), Identity.hash("张\u3000三", "1"));
    }

    @Test
    void theKatakanaMiddleDotIsTheMiddleDot() {
        assertEquals(Identity.hash("阿依古丽·买买提", "1"), Identity.hash("阿依古丽\u30FB买买提", "1"));
        assertEquals("a\u00B7b", Identity.normalise("a\u30FBb"));
    }

    @Test
    void anotherNameOrNumberIsAnotherIdentity() {
        assertNotEquals(Identity.hash("张三", "1"), Identity.hash("张四", "1"));
        assertNotEquals(Identity.hash("张三", "1"), Identity.hash("张三", "2"));
    }

    @Test
    void noIdentityWithoutBothParts() {
        assertNull(Identity.hash(null, "1"));
        assertNull(Identity.hash("张三", null));
    }
}
