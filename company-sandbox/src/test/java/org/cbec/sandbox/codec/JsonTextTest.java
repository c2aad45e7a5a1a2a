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
    void refusesDeepNestingWithoutFallingOver() {
        String deep = "{\"a\":" + "[".repeat(100_000) + "]".repeat(100_000) + "}";
        assertThrows(IllegalArgumentException.class, () -> JsonText.parseObject(deep));
    }

    @Test
    void writesCompactlyInInsertionOrderWithoutEscapingSlashesOrCjk() {
        assertEquals("{\"b\":\"a/b\",\"a\":\"测试\"}", JsonText.object().add("b", "a/b").add("a", "测试").build().toString());
    }
}
