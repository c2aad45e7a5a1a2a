package org.cbec.checkout.rest;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.cbec.cart.control.CartRules;
import org.cbec.cart.entity.Cart;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.web.RequestGate;
import org.cbec.testing.apidocs.YamlDocument;
import org.junit.jupiter.api.Test;

/**
 * The platform carts' limits as the checkout's API document writes them, read from the document: a
 * cart one past a limit of a line's member is refused naming it, one exactly at it is taken; the
 * number of lines likewise; and the largest body the service reads fits the column the cart is
 * stored in.
 */
class CartLimitsTest {

    private static final Map<String, Object> DOCUMENT = document();

    private static Map<String, Object> document() {
        return YamlDocument.load(Path.of("src/main/resources/org/cbec/checkout/rest/openapi.yaml"));
    }

    private static Map<String, Object> map(Object o, String... keys) {
        return YamlDocument.map(o, keys);
    }

    private static Map<String, Object> resolved(Object schema) {
        Map<String, Object> s = map(schema);
        Object ref = s.get("$ref");
        return ref == null ? s : map(DOCUMENT, "components", "schemas", ref.toString().substring("#/components/schemas/".length()));
    }

    private static Map<String, Object> properties(String schema) {
        return map(DOCUMENT, "components", "schemas", schema, "properties");
    }

    /** Shape 1 with these items, its totals computed from them. */
    private static JsonObject shapeOne(List<JsonObject> items) {
        long count = 0;
        long total = 0;
        JsonArrayBuilder array = Json.createArrayBuilder();
        for (JsonObject item : items) {
            count += item.getJsonNumber("quantity").longValue();
            total += item.getJsonNumber("price").longValue() * item.getJsonNumber("quantity").longValue();
            array.add(item);
        }
        return Json.createObjectBuilder().add("merchantSiteUrl", "https://demo.platform.example").add("cart", Json.createObjectBuilder()
                .add("currency", "GBP").add("item_count", count).add("total_price", total).add("items", array)).build();
    }

    private static JsonObjectBuilder item() {
        return Json.createObjectBuilder().add("id", 1).add("quantity", 1).add("price", 1);
    }

    private static JsonObject shapeTwo(List<JsonObject> products) {
        JsonArrayBuilder array = Json.createArrayBuilder();
        products.forEach(array::add);
        return Json.createObjectBuilder().add("merchantSiteUrl", "https://demo.platform.example")
                .add("cart", Json.createObjectBuilder().add("userId", "u-1").add("products", array)).build();
    }

    private static JsonObjectBuilder product() {
        return Json.createObjectBuilder().add("productId", "p1").add("quantity", 1).add("price", 1).add("currency", "GBP");
    }

    private static String text(Map<String, Object> schema, int length) {
        if ("uri".equals(schema.get("format"))) {
            String start = "https://example.com/";
            return start + "x".repeat(length - start.length());
        }
        return "x".repeat(length);
    }

    private static void assertRefused(String field, JsonObject body) {
        InvalidRequestException e = assertThrows(InvalidRequestException.class, () -> CartRules.checkPlatformCart(body), field);
        assertEquals(field, e.field(), e.getMessage());
    }

    /** Every maxLength, maximum and minimum of the line schema, on the line of a one-line cart (sums stay within theirs). */
    private static List<String> checkLimits(String schema, String lines, Function<List<JsonObject>, JsonObject> cart,
            java.util.function.Supplier<JsonObjectBuilder> line) {
        List<String> seen = new ArrayList<>();
        for (Map.Entry<String, Object> p : properties(schema).entrySet()) {
            String name = p.getKey();
            Map<String, Object> s = resolved(p.getValue());
            String field = "cart." + lines + "[0]." + name;
            Function<JsonValue, JsonObject> with = v -> cart.apply(List.of(line.get().add(name, v).build()));
            if (s.get("maxLength") instanceof Integer max) {
                assertDoesNotThrow(() -> CartRules.checkPlatformCart(with.apply(Json.createValue(text(s, max)))), field);
                assertRefused(field, with.apply(Json.createValue(text(s, max + 1))));
                seen.add(name + " maxLength");
            }
            if (s.get("maximum") instanceof Number max) {
                BigDecimal m = new BigDecimal(max.toString());
                boolean exclusive = Boolean.TRUE.equals(s.get("exclusiveMaximum"));
                BigDecimal taken = exclusive ? m.subtract(new BigDecimal("0.01")) : m;
                assertDoesNotThrow(() -> CartRules.checkPlatformCart(with.apply(Json.createValue(taken))), field);
                assertRefused(field, with.apply(Json.createValue(exclusive ? m : m.add(BigDecimal.ONE))));
                seen.add(name + " maximum");
            }
            if (s.get("minimum") instanceof Number min) {
                BigDecimal m = new BigDecimal(min.toString());
                assertDoesNotThrow(() -> CartRules.checkPlatformCart(with.apply(Json.createValue(m))), field);
                assertRefused(field, with.apply(Json.createValue(m.subtract(BigDecimal.ONE))));
                seen.add(name + " minimum");
            }
        }
        return seen;
    }

    @Test
    void everyLimitOfAShapeOneItemIsEnforcedNamingItAndTakenExactlyAtIt() {
        List<String> seen = checkLimits("CartItem", "items", CartLimitsTest::shapeOne, CartLimitsTest::item);
        assertTrue(seen.containsAll(List.of("key maxLength", "product_title maxLength", "vendor maxLength", "image maxLength",
                "id maximum", "quantity minimum")), seen.toString());
    }

    @Test
    void everyLimitOfAShapeTwoProductIsEnforcedNamingItAndTakenExactlyAtIt() {
        List<String> seen = checkLimits("CartProduct", "products", CartLimitsTest::shapeTwo, CartLimitsTest::product);
        assertTrue(seen.containsAll(List.of("nameEn maxLength", "expressType maxLength", "price maximum", "taxRate maximum")), seen.toString());
    }

    @Test
    void theNumberOfLinesIsLimitedAsDocumented() {
        int maxItems = (Integer) map(properties("PlatformCartItems"), "items").get("maxItems");
        List<JsonObject> lines = new ArrayList<>();
        for (int i = 0; i < maxItems; i++) {
            lines.add(item().build());
        }
        assertDoesNotThrow(() -> CartRules.checkPlatformCart(shapeOne(lines)));
        lines.add(item().build());
        assertRefused("cart.items", shapeOne(lines));
    }

    @Test
    void theLargestBodyTheServiceReadsFitsTheCartColumn() {
        // The JSON text as stored (JsonObject.toString) is never longer than the body in bytes: each
        // character takes at least one byte in UTF-8, and an escape is written no longer than it came.
        String escapes = "{\"t\":\"\\\"\\\\\\n\\u0022\\u00e9\"}";
        String stored = Json.createReader(new java.io.StringReader(escapes)).readObject().toString();
        assertTrue(stored.length() <= escapes.getBytes(StandardCharsets.UTF_8).length, stored);
        assertTrue(RequestGate.DEFAULT_MAX_BODY <= Cart.CART_JSON_LENGTH);
    }
}
