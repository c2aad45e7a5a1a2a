package org.cbec.sandbox.betapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GatewayFormTest {

    @Test
    void decodesPercentEscapesAndPlusAsSpace() {
        Map<String, String> p = GatewayForm.decode("timestamp=2023-11-15+06%3A13%3A20&subject=%E6%B5%8B%E8%AF%95&x=a%2Bb");
        assertEquals("2023-11-15 06:13:20", p.get("timestamp"));
        assertEquals("测试", p.get("subject"));
        assertEquals("a+b", p.get("x"));
    }

    @Test
    void keepsTheOrderOfFirstAppearance() {
        assertEquals(List.of("b", "a", "c"), List.copyOf(GatewayForm.decode("b=1&a=2&c=3").keySet()));
    }

    @Test
    void aNameWithoutValueIsEmptyAndEmptySegmentsAreSkipped() {
        Map<String, String> p = GatewayForm.decode("a&&b=&c=1&");
        assertEquals("", p.get("a"));
        assertEquals("", p.get("b"));
        assertEquals("1", p.get("c"));
        assertEquals(3, p.size());
    }

    @Test
    void aValueMayHoldEqualsSigns() {
        assertEquals("x==", GatewayForm.decode("sign=x%3D%3D").get("sign"));
        assertEquals("x==", GatewayForm.decode("sign=x==").get("sign"));
    }

    @Test
    void anEmptyBodyHasNoParameters() {
        assertTrue(GatewayForm.decode("").isEmpty());
    }

    @ParameterizedTest
    @ValueSource(strings = {"a=%", "a=%4", "a=%ZZ", "a=%G1", "a=%C3%28", "a=%FF", "a=%E6%B5", "=1", "a=1&a=2", "%=1",
        "a=%ED%A0%80"})
    void refusesBrokenEscapesInvalidUtf8RepeatsAndNamelessValues(String body) {
        assertThrows(IllegalArgumentException.class, () -> GatewayForm.decode(body), body);
    }

    @Test
    void onlyAUtf8FormIsAForm() {
        assertTrue(GatewayForm.isForm("application/x-www-form-urlencoded"));
        assertTrue(GatewayForm.isForm("application/x-www-form-urlencoded; charset=UTF-8"));
        assertFalse(GatewayForm.isForm("application/x-www-form-urlencoded; charset=GBK"));
        assertFalse(GatewayForm.isForm("application/json"));
        assertFalse(GatewayForm.isForm("multipart/form-data; boundary=x"));
        assertFalse(GatewayForm.isForm(null));
    }
}
