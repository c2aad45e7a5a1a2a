package org.cbec.sandbox.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonTextTest {

    @Test
    void readsOneObject() {
        assertEquals("x", JsonText.parseObject(" {\"a\":\"x\"} \n").getString("a"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "[]", "\"a\"", "1", "null", "{", "{\"a\":1}}", "{\"a\":1} {}", "{\"a\":1}x", "{'a':1}",
        "{\"a\":01}", "{\"a\":1,}", "{\"a\":1,\"a\":2}"})
    void refusesAnythingButExactlyOneObject(String text) {
        assertThrows(IllegalArgumentException.class, () -> JsonText.parseObject(text), text);
    }

    @Test
    void aRepeatedMemberIsRefusedSayingSoAtAnyDepthWithoutNamingIt() {
        for (String text : new String[] {"{\"secret\":1,\"secret\":2}", "{\"a\":{\"b\":[{\"secret\":1,\"secret\":null}]}}"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JsonText.parseObject(text), text);
            assertEquals("a member is repeated", e.getMessage());
        }
        assertEquals(2, JsonText.parseObject("{\"a\":{\"x\":1},\"b\":{\"x\":2}}").size(), "the same name in two objects is fine");
    }

    @Test
    void refusesDeepNestingWithoutFallingOver() {
        String deep = "{\"a\":" + "[".repeat(100_000) + "]".repeat(100_000) + "}";
        assertThrows(IllegalArgumentException.class, () -> JsonText.parseObject(deep));
    }

    @Test
    void writesCompactlyInInsertionOrderWithoutEscapingSlashesOrCjk() {
        assertEquals("{\"b\":\"a/b\",\"a\":\"测试\"}", JsonText.object().add("b", "a/b").add("a", "测试").build().toString());
    }
}
