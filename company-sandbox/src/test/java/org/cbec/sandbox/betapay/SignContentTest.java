package org.cbec.sandbox.betapay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SignContentTest {

    @Test
    void sortsByNameLeavesOutSignAndEmptyValuesAndKeepsValuesRaw() {
        Map<String, String> p = new HashMap<>();
        p.put("b", "2 & 3");
        p.put("a", "x=y");
        p.put("sign", "ignored");
        p.put("empty", "");
        p.put("A", "upper first");
        assertEquals("A=upper first&a=x=y&b=2 & 3", SignContent.of(p));
    }

    @Test
    void nothingToSignIsEmpty() {
        assertEquals("", SignContent.of(Map.of("sign", "x")));
    }
}
