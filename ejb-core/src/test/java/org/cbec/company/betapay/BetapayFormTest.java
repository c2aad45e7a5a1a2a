package org.cbec.company.betapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BetapayFormTest {

    @Test
    void formEncodeDecodeRoundTripsSpecialCharactersAndChinese() {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("biz_content", "{\"a\":\"x&y=z\"}");
        params.put("plus", "1+1 = 2");
        params.put("subject", "中文 商品");
        params.put("k&=", "v");
        params.put("empty", "");
        String form = BetapayForm.encode(params);
        assertFalse(form.contains(" "));
        assertFalse(form.contains("中"));
        assertEquals(5, form.split("&").length);
        Map<String, String> decoded = BetapayForm.decode(form);
        assertEquals(params, decoded);
        assertEquals(List.copyOf(params.keySet()), List.copyOf(decoded.keySet()));
    }

    @Test
    void formEncodeUsesUtf8PercentEscapesAndPlusForSpace() {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("s", "中 +&=");
        assertEquals("s=%E4%B8%AD+%2B%26%3D", BetapayForm.encode(params));
    }

    @Test
    void formDecodeToleratesEmptyBodyAndKeepsTheLastValueOfARepeatedName() {
        assertTrue(BetapayForm.decode("").isEmpty());
        assertTrue(BetapayForm.decode(null).isEmpty());
        Map<String, String> decoded = BetapayForm.decode("a=1&b=2&&a=3&c");
        assertEquals(List.of("a", "b", "c"), List.copyOf(decoded.keySet()));
        assertEquals("3", decoded.get("a"));
        assertEquals("", decoded.get("c"));
    }

    @Test
    void formDecodeRejectsMalformedEscapes() {
        assertThrows(IllegalArgumentException.class, () -> BetapayForm.decode("a=%zz"));
    }

    @Test
    void timestampIsShanghaiWallClockTime() {
        assertEquals("2024-01-01 08:00:00", BetapayForm.timestamp(Instant.parse("2024-01-01T00:00:00Z")));
        assertEquals("2024-01-01 07:59:59", BetapayForm.timestamp(Instant.parse("2023-12-31T23:59:59.999Z")));
        assertEquals("2024-07-01 00:30:05", BetapayForm.timestamp(Instant.parse("2024-06-30T16:30:05Z")));
    }
}
