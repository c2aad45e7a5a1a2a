package org.cbec.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The bad-input generator itself: enough variants, each different from the request it breaks. */
class MalformedTest {

    private static final String TEMPLATE = "{\"name\":\"acme\",\"amount\":100,\"live\":true,\"lines\":[{\"sku\":\"s1\",\"qty\":2}],\"address\":{\"city\":\"北京市\"}}";

    @Test
    void everyFieldAtAnyDepthIsBrokenInEachWayThatFitsItsType() {
        Map<String, byte[]> bodies = Malformed.bodies(TEMPLATE);
        for (String field : List.of("name", "amount", "live", "lines", "lines[0]", "lines[0].sku", "lines[0].qty", "address", "address.city")) {
            assertTrue(bodies.keySet().stream().anyMatch(k -> k.startsWith(field + ": ")), field);
        }
        assertEquals("{\"amount\":100,\"live\":true,\"lines\":[{\"sku\":\"s1\",\"qty\":2}],\"address\":{\"city\":\"北京市\"}}",
                text(bodies.get("name: removed")));
        assertEquals(TEMPLATE.replace("\"qty\":2", "\"qty\":1e400"), text(bodies.get("lines[0].qty: 1e400")));
        assertEquals(TEMPLATE.replace("\"北京市\"", "\"' OR 1=1 --\""), text(bodies.get("address.city: sql")));
        assertEquals(TEMPLATE.replace("\"acme\"", "\"\\ud800\""), text(bodies.get("name: lone surrogate")));
        assertEquals(TEMPLATE.replace("\"acme\"", "\"a\\u0000b\""), text(bodies.get("name: nul")));
    }

    @Test
    void noVariantIsTheTemplateAndNamesAreUnique() {
        Map<String, byte[]> bodies = Malformed.bodies(TEMPLATE);
        byte[] template = TEMPLATE.getBytes(StandardCharsets.UTF_8);
        bodies.forEach((name, body) -> assertFalse(Arrays.equals(template, body), name));
        List<Malformed.Case> cases = Malformed.endpoint("POST", "v1/things/{id}").path("id", "t1").query("kind", "k").json(TEMPLATE)
                .auth("key", "k1").badAuth("no key").cases();
        Set<String> names = new HashSet<>();
        cases.forEach(c -> assertTrue(names.add(c.name()), "duplicate " + c.name()));
        assertTrue(cases.size() >= 50, "cases: " + cases.size());
    }

    @Test
    void invalidUtf8IsSentAsRawBytes() {
        byte[] body = Malformed.bodies(TEMPLATE).get("invalid UTF-8 (c3 28) in a string");
        String prefix = "{\"name\":\"a";
        assertArrayEquals(new byte[] {(byte) 0xC3, 0x28}, Arrays.copyOfRange(body, prefix.length(), prefix.length() + 2));
    }

    @Test
    void pathAndQueryValuesArePercentEncoded() {
        List<Malformed.Case> cases = Malformed.endpoint("GET", "v1/things/{id}").path("id", "t 1").query("q", "a&b").cases();
        assertEquals("v1/things/t%201?q=a%26b", cases.stream().filter(c -> c.name().equals("wrong method PATCH")).findFirst().orElseThrow().path());
        assertTrue(cases.stream().anyMatch(c -> c.path().equals("v1/things/%ff?q=a%26b")));
        assertTrue(cases.stream().anyMatch(c -> c.path().equals("v1/things/t%201?q=%27%20OR%201%3D1%20--")));
    }

    private static String text(byte[] body) {
        return new String(body, StandardCharsets.UTF_8);
    }
}
