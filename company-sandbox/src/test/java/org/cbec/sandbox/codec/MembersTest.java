package org.cbec.sandbox.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

class MembersTest {

    static JsonObject o(String json) {
        return JsonText.parseObject(json);
    }

    @Test
    void absentAndNullAreBothNoValue() {
        assertTrue(Members.optionalText(o("{}"), "a", 5).isEmpty());
        assertTrue(Members.optionalText(o("{\"a\":null}"), "a", 5).isEmpty());
    }

    @Test
    void aTextMustBeAStringOfPlainCharactersWithinItsLength() {
        assertEquals("abc", Members.text(o("{\"a\":\"abc\"}"), "a", 3));
        assertThrows(Members.Invalid.class, () -> Members.text(o("{\"a\":\"abcd\"}"), "a", 3));
        assertThrows(Members.Invalid.class, () -> Members.text(o("{\"a\":\"\"}"), "a", 3));
        assertThrows(Members.Invalid.class, () -> Members.text(o("{\"a\":1}"), "a", 3));
        assertThrows(Members.Invalid.class, () -> Members.text(o("{\"a\":\"a\\u0000\"}"), "a", 3));
        assertThrows(Members.Invalid.class, () -> Members.text(o("{\"a\":\"\\ud800\"}"), "a", 3));
        assertThrows(Members.Invalid.class, () -> Members.text(o("{}"), "a", 3));
    }

    @Test
    void anIntegerMustBeIntegralAndInRange() {
        assertEquals(5L, Members.integer(o("{\"a\":5}"), "a", 1, 10));
        assertEquals(10L, Members.integer(o("{\"a\":10}"), "a", 1, 10));
        for (String bad : new String[] {"\"5\"", "5.5", "1e1", "5.0", "0", "11", "true", "99999999999999999999999", "1e999999999", "{}"}) {
            assertThrows(Members.Invalid.class, () -> Members.integer(o("{\"a\":" + bad + "}"), "a", 1, 10), bad);
        }
    }

    @Test
    void aNestedMembersNameIsDotted() {
        JsonObject amount = o("{\"total\":\"x\"}");
        Members.Invalid e = assertThrows(Members.Invalid.class,
                () -> Members.nested("amount", () -> Members.integer(amount, "total", 1, 10)));
        assertEquals("amount.total", e.member());
    }
}
