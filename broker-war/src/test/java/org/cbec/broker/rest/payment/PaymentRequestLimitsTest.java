package org.cbec.broker.rest.payment;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.cbec.broker.rest.error.StrictJsonb;
import org.cbec.broker.rest.payment.PaymentsResource.PaymentRequest;
import org.cbec.payment.CreatePayment;
import org.cbec.payment.control.PaymentRules;
import org.cbec.company.PaymentType;
import org.cbec.payment.entity.Payment;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.text.FreeText;
import org.cbec.testing.apidocs.YamlDocument;
import org.junit.jupiter.api.Test;

/**
 * CreatePayment's limits as the API document writes them, read from the document: a request one
 * past a limit is refused naming the field, and one exactly at it passes the rules and fits the
 * column the request is stored in. The request goes the way a body does: bound by the WAR's
 * JSON-B, converted by the resource, checked by the payment rules.
 */
class PaymentRequestLimitsTest {

    private static final Jsonb BODY = new StrictJsonb().getContext(PaymentRequest.class);
    /** What the boundary stores as {@code request_json}. */
    private static final Jsonb STORED = JsonbBuilder.create();
    private static final Map<String, Object> DOCUMENT = document();
    /** The longest text form of an IPv6 address (an embedded IPv4 one). */
    private static final String LONGEST_IP = "0000:0000:0000:0000:0000:ffff:255.255.255.255";

    private static Map<String, Object> document() {
        return YamlDocument.load(Path.of("src/main/resources/org/cbec/broker/rest/openapi.yaml"));
    }

    private static Map<String, Object> map(Object o, String... keys) {
        return YamlDocument.map(o, keys);
    }

    /** A property's schema with its {@code $ref} followed. */
    private static Map<String, Object> resolved(Map<String, Object> schema) {
        Object ref = schema.get("$ref");
        if (ref == null) {
            return schema;
        }
        String name = ref.toString().substring("#/components/schemas/".length());
        return map(DOCUMENT, "components", "schemas", name);
    }

    private static Map<String, Object> properties(String schema) {
        return map(DOCUMENT, "components", "schemas", schema, "properties");
    }

    private static JsonObjectBuilder valid() {
        return Json.createObjectBuilder().add("paymentMethod", "alphapay").add("paymentType", "NATIVE").add("orderRef", "o-1")
                .add("actualAmount", 1).add("currency", "CNY");
    }

    /** Text of this length that the property's other rules take. */
    private static String text(Map<String, Object> schema, int length, char filler) {
        if ("uri".equals(schema.get("format"))) {
            String start = "https://example.com/";
            return start + String.valueOf(filler == '"' ? 'x' : filler).repeat(length - start.length());
        }
        return String.valueOf(filler).repeat(length);
    }

    private static CreatePayment create(JsonObject body, String realIp, String clientId) {
        PaymentRequest r = BODY.fromJson(body.toString(), PaymentRequest.class);
        return PaymentsResource.createOf(r, realIp, clientId);
    }

    private static CreatePayment check(JsonObject body, String realIp, String clientId) {
        CreatePayment c = create(body, realIp, clientId);
        PaymentRules.checkCreate(c, EnumSet.allOf(PaymentType.class));
        return c;
    }

    private static void assertRefused(String field, JsonObject body, String realIp, String clientId) {
        InvalidRequestException e = assertThrows(InvalidRequestException.class, () -> check(body, realIp, clientId), field);
        assertEquals(field, e.field(), e.getMessage());
    }

    /** Each limit of the schema's properties, applied to one property in a valid body whose {@code at} member holds it. */
    private static List<String> checkLimits(String schemaName, java.util.function.BiFunction<String, JsonValue, JsonObject> body,
            String fieldPrefix) {
        List<String> seen = new ArrayList<>();
        for (Map.Entry<String, Object> p : properties(schemaName).entrySet()) {
            String name = p.getKey();
            @SuppressWarnings("unchecked")
            Map<String, Object> schema = resolved((Map<String, Object>) p.getValue());
            String field = fieldPrefix + name;
            if (schema.get("maxLength") instanceof Integer max) {
                assertDoesNotThrow(() -> check(body.apply(name, Json.createValue(text(schema, max, 'x'))), null, null), field);
                assertRefused(field, body.apply(name, Json.createValue(text(schema, max + 1, 'x'))), null, null);
                seen.add(field + " maxLength");
            }
            if (schema.get("maximum") instanceof Number max) {
                long m = max.longValue();
                assertDoesNotThrow(() -> check(body.apply(name, Json.createValue(m)), null, null), field);
                assertRefused(field, body.apply(name, Json.createValue(m + 1)), null, null);
                seen.add(field + " maximum");
            }
            if (schema.get("minimum") instanceof Number min) {
                long m = min.longValue();
                assertDoesNotThrow(() -> check(body.apply(name, Json.createValue(m)), null, null), field);
                assertRefused(field, body.apply(name, Json.createValue(m - 1)), null, null);
                seen.add(field + " minimum");
            }
        }
        return seen;
    }

    @Test
    void everyLimitOfAPaymentRequestIsEnforcedNamingTheFieldAndTakenExactlyAtIt() {
        List<String> seen = checkLimits("PaymentRequest", (name, value) -> valid().add(name, value).build(), "");
        assertTrue(seen.containsAll(List.of("description maxLength", "notifyUrl maxLength", "actualAmount maximum", "subsidyAmount minimum")), seen.toString());
    }

    @Test
    void everyLimitOfAProductLineIsEnforcedNamingTheLine() {
        List<String> seen = checkLimits("ProductLine",
                (name, value) -> valid().add("products", Json.createArrayBuilder().add(Json.createObjectBuilder()).add(
                        Json.createObjectBuilder().add(name, value))).build(), "products[1].");
        assertTrue(seen.containsAll(List.of("products[1].goodsName maxLength", "products[1].goodsQuantity minimum")), seen.toString());
    }

    /**
     * The payerId rule the document writes: required, and not blank, for alphapay JSAPI and MINIPRO
     * (422 naming it), optional otherwise; its pattern is the one-line rule of free text, character
     * for character; the document's JSAPI example passes.
     */
    @Test
    void payerIdIsRequiredForAlphapayJsapiAndMiniproAndOneLineAsDocumented() {
        for (String type : List.of("JSAPI", "MINIPRO")) {
            assertRefused("payerId", valid().add("paymentType", type).build(), null, null);
            assertRefused("payerId", valid().add("paymentType", type).add("payerId", " ").build(), null, null);
            assertDoesNotThrow(() -> check(valid().add("paymentType", type).add("payerId", "oUpF8uMuAJO").build(), null, null), type);
        }
        for (String type : List.of("NATIVE", "H5", "APP")) {
            assertDoesNotThrow(() -> check(valid().add("paymentType", type).build(), null, null), type);
        }
        assertDoesNotThrow(() -> check(valid().add("paymentMethod", "betapay").add("paymentType", "MINIPRO").build(), null, null));

        Map<String, Object> payerId = map(properties("PaymentRequest"), "payerId");
        assertTrue(payerId.get("description").toString().contains("JSAPI or MINIPRO"), payerId.toString());
        Pattern oneLine = Pattern.compile((String) payerId.get("pattern"));
        for (char c = 0; c < 0x3000; c++) {
            String s = "a" + c + "b";
            assertEquals(!FreeText.hasControlCharacters(s), oneLine.matcher(s).matches(), "U+" + Integer.toHexString(c));
        }
        assertRefused("payerId", valid().add("paymentType", "JSAPI").add("payerId", "o\nU").build(), null, null);

        Map<String, Object> example = map(DOCUMENT, "paths", "/v1/payment/{merchant}", "post", "requestBody", "content", "application/json",
                "examples", "jsapi", "value");
        JsonObject jsapi = Json.createObjectBuilder(example).build();
        assertEquals("JSAPI", jsapi.getString("paymentType"));
        assertDoesNotThrow(() -> check(jsapi, null, null));
    }

    @Test
    void theNumberOfProductLinesIsLimitedAsDocumented() {
        int maxItems = (Integer) map(properties("PaymentRequest"), "products").get("maxItems");
        assertDoesNotThrow(() -> check(valid().add("products", lines(maxItems, 'x')).build(), null, null));
        assertRefused("products", valid().add("products", lines(maxItems + 1, 'x')).build(), null, null);
        assertRefused("products[0]", valid().add("products", Json.createArrayBuilder().addNull()).build(), null, null);
    }

    @Test
    void theHeadersAreLimitedAsDocumented() {
        Map<String, Integer> max = new java.util.HashMap<>();
        for (Object parameter : (List<?>) map(DOCUMENT, "paths", "/v1/payment/{merchant}", "post").get("parameters")) {
            Map<String, Object> p = map(parameter);
            max.put(p.get("name").toString(), (Integer) map(p, "schema").get("maxLength"));
        }
        assertEquals(LONGEST_IP.length(), max.get("X-Real-Ip"));
        JsonObject body = valid().build();
        assertDoesNotThrow(() -> check(body, LONGEST_IP, "c".repeat(max.get("Client-Id"))));
        assertRefused("X-Real-Ip", body, LONGEST_IP + "0", null);
        assertRefused("Client-Id", body, null, "c".repeat(max.get("Client-Id") + 1));
    }

    @Test
    void theRealIpIsAnIpAddress() {
        JsonObject body = valid().build();
        for (String ip : List.of("203.0.113.7", "0.0.0.0", "2001:db8::1", "::1", "::ffff:192.0.2.1", LONGEST_IP)) {
            assertDoesNotThrow(() -> check(body, ip, null), ip);
        }
        for (String notIp : List.of("", "<script>alert(1)</script>", "example.com", "localhost", "203.0.113.256", "203.0.113",
                "01.2.3.4", "2001:db8::1%eth0", "[2001:db8::1]", "2001:db8:::1", "1.2.3.4, 5.6.7.8", "203.0.113.7\r\nX: y")) {
            assertRefused("X-Real-Ip", body, notIp, null);
        }
    }

    @Test
    void theLargestRequestTheDocumentAcceptsFitsItsColumn() {
        JsonObjectBuilder b = valid();
        for (Map.Entry<String, Object> p : properties("PaymentRequest").entrySet()) {
            @SuppressWarnings("unchecked")
            Map<String, Object> schema = resolved((Map<String, Object>) p.getValue());
            if (schema.get("maxLength") instanceof Integer max) {
                // A quote is the longest character once written as JSON (\"), as a backslash is.
                b.add(p.getKey(), text(schema, max, '"'));
            } else if (schema.get("maximum") instanceof Number m) {
                b.add(p.getKey(), m.longValue());
            }
        }
        b.add("actualAmount", 1_000_000_000L).add("total", 1_000_000_000L).add("profitSharing", true)
                .add("timeExpire", "2026-11-25T22:00:00+08:00");
        int maxItems = (Integer) map(properties("PaymentRequest"), "products").get("maxItems");
        CreatePayment largest = check(b.add("products", lines(maxItems, '"')).build(), LONGEST_IP, "\"".repeat(128));
        String stored = STORED.toJson(largest);
        assertFalse(stored.length() > Payment.REQUEST_JSON_LENGTH, stored.length() + " characters");
    }

    /** Product lines with every member at its documented limit, the texts of {@code filler}. */
    private static JsonArrayBuilder lines(int count, char filler) {
        JsonArrayBuilder lines = Json.createArrayBuilder();
        for (int i = 0; i < count; i++) {
            JsonObjectBuilder line = Json.createObjectBuilder();
            for (Map.Entry<String, Object> p : properties("ProductLine").entrySet()) {
                Map<String, Object> schema = map(p.getValue());
                if (schema.get("maxLength") instanceof Integer max) {
                    line.add(p.getKey(), String.valueOf(filler).repeat(max));
                } else {
                    line.add(p.getKey(), schema.containsKey("minimum") ? Long.MAX_VALUE : Long.MIN_VALUE);
                }
            }
            lines.add(line);
        }
        return lines;
    }
}
