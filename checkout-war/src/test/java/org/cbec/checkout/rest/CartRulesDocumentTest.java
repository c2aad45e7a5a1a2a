package org.cbec.checkout.rest;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;
import org.cbec.cart.control.CartRules;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.identity.ChinaContact;
import org.cbec.platform.identity.CjkNames;
import org.cbec.testing.apidocs.YamlDocument;
import org.junit.jupiter.api.Test;

/**
 * What the checkout's API document says of a cart, held to the cart rules: its examples are carts
 * the service takes, its patterns accept exactly what the service's checks accept, and the members
 * it types as {@code WholeNumber} take an integral value written with a fraction and refuse a
 * fraction. A client that validates against the document then refuses what the service refuses,
 * and no more.
 */
class CartRulesDocumentTest {

    private static final Map<String, Object> DOCUMENT = YamlDocument.load(Path.of("src/main/resources/org/cbec/checkout/rest/openapi.yaml"));
    private static final BigDecimal RATE = new BigDecimal("9.000000");
    private static final String WHOLE_NUMBER = "#/components/schemas/WholeNumber";

    private static Map<String, Object> map(Object o, String... keys) {
        return YamlDocument.map(o, keys);
    }

    private static Map<String, Object> schema(String name) {
        return map(DOCUMENT, "components", "schemas", name);
    }

    private static Pattern pattern(Map<String, Object> schema) {
        return Pattern.compile((String) schema.get("pattern"));
    }

    @SuppressWarnings("unchecked")
    private static JsonObject json(Object yaml) {
        return Json.createObjectBuilder((Map<String, Object>) yaml).build();
    }

    private static Map<String, Object> requestBody(String path) {
        return map(DOCUMENT, "paths", path, "post", "requestBody", "content", "application/json");
    }

    @Test
    void theDocumentsCartExamplesAreCartsTheServiceTakes() {
        Map<String, Object> examples = map(requestBody("/carts/{platform}/{merchantId}"), "examples");
        assertEquals(List.of("shape1", "shape2"), List.copyOf(examples.keySet()));
        for (String shape : examples.keySet()) {
            assertDoesNotThrow(() -> CartRules.checkPlatformCart(json(map(examples, shape).get("value"))), shape);
        }
        JsonObject enterprise = json(requestBody("/carts/enterprise/{enterpriseId}/merchants/{merchantId}").get("example"));
        CartRules.EnterpriseTotals totals = CartRules.checkEnterpriseCart(enterprise, RATE);
        assertEquals(20100, totals.totalToPayMinor(), "the totalToPay the document's description works out");
        assertEquals(new BigDecimal("201.00"), new BigDecimal(schemaProperty("EnterpriseCart", "totalToPay").get("example").toString())
                .setScale(2));
    }

    private static Map<String, Object> schemaProperty(String schema, String property) {
        return map(schema(schema), "properties", property);
    }

    /** Each pattern against the service's own check, on hand-picked values and on many random ones from the characters that matter. */
    @Test
    void theDocumentsPatternsAcceptExactlyWhatTheServiceAccepts() {
        Pattern name = pattern(schema("CjkName"));
        Pattern street = pattern(schemaProperty("ShippingAddress", "streetAddress"));
        Pattern mobile = pattern(schema("MainlandMobile"));
        Pattern postcode = pattern(schemaProperty("ShippingAddress", "postcode"));
        int nameMax = (Integer) schema("CjkName").get("maxLength");
        int streetMax = (Integer) schemaProperty("ShippingAddress", "streetAddress").get("maxLength");

        for (String s : List.of("张三", "阿依古丽·买买提", "欧阳 娜娜", "张 · 三", "张三 ", " 张三", "张··三", "张· ·三", "张  三", "Zhang", "张3")) {
            assertEquals(CjkNames.isName(s), name.matcher(s).matches() && s.length() <= nameMax, s);
        }
        for (String s : List.of("建国路88号", "88号院3-2-101", "Tower A 1201室", "建国路,88号", "-建国路", "建国路（东）", "建国路  88")) {
            assertEquals(CjkNames.isAddressText(s), street.matcher(s).matches() && s.length() <= streetMax, s);
        }
        for (String s : List.of("13812345678", "+8613812345678", "+86 13812345678", "8613812345678", "86 13812345678",
                "+86  13812345678", "12812345678", "1381234567", "138123456789", "+85213812345678", "010-12345678")) {
            assertEquals(ChinaContact.isMobile(s), mobile.matcher(s).matches(), s);
        }
        for (String s : List.of("100020", "012345", "900000", "12345", "1234567", "10002a")) {
            assertEquals(ChinaContact.isPostcode(s), postcode.matcher(s).matches(), s);
        }

        String alphabet = "张三李\u2E80\u2FD5\u3190\u319F\u3400\u4DBF\u4E00\u9FCC\uF900\uFAAD\u2E7F\u2FD6\u9FCD\u00B7\u30FB  aZ09-#,.，（）－＃\u3000!_";
        Random random = new Random(20261125);
        int names = 0;
        for (int i = 0; i < 200_000; i++) {
            StringBuilder b = new StringBuilder();
            for (int n = 1 + random.nextInt(i % 100 == 0 ? 210 : 8); n > 0; n--) {
                b.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String s = b.toString();
            boolean isName = CjkNames.isName(s);
            names += isName ? 1 : 0;
            assertEquals(isName, name.matcher(s).matches() && s.length() <= nameMax, s);
            assertEquals(CjkNames.isAddressText(s), street.matcher(s).matches() && s.length() <= streetMax, s);
        }
        assertTrue(names > 1000, "enough names were valid to tell: " + names);
    }

    /** The members of a line that the document types as WholeNumber: 2.0 is 2, 1.5 is refused naming the member. */
    @Test
    void aWholeNumberMemberTakesAnIntegralValueWrittenWithAFractionAndRefusesAFraction() {
        List<String> whole = wholeNumbers("CartItem");
        assertEquals(List.of("id", "quantity", "variant_id", "price", "grams"), whole);
        for (String member : whole) {
            assertDoesNotThrow(() -> CartRules.checkPlatformCart(shapeOne(item().add(member, new BigDecimal("2.0")))), member);
            InvalidRequestException refused = assertThrows(InvalidRequestException.class,
                    () -> CartRules.checkPlatformCart(shapeOne(item().add(member, new BigDecimal("1.5")))), member);
            assertEquals("cart.items[0]." + member, refused.field());
        }
        assertEquals(List.of("quantity"), wholeNumbers("CartProduct"));
        assertEquals(List.of("quantity"), wholeNumbers("EnterpriseProduct"));
        assertEquals(List.of("item_count", "total_price", "total_weight"), wholeNumbers("PlatformCartItems"));
    }

    @SuppressWarnings("unchecked")
    private static List<String> wholeNumbers(String schema) {
        List<String> found = new ArrayList<>();
        map(schema(schema), "properties").forEach((name, property) -> {
            Object allOf = ((Map<String, Object>) property).get("allOf");
            if (allOf instanceof List<?> list && list.stream().anyMatch(s -> WHOLE_NUMBER.equals(((Map<String, Object>) s).get("$ref")))) {
                found.add(name);
            }
        });
        return found;
    }

    private static JsonObjectBuilder item() {
        return Json.createObjectBuilder().add("id", 1).add("quantity", 1).add("price", 1);
    }

    /** Shape 1 with this one item, its totals computed from it (a whole number written 2.0 counts 2). */
    private static JsonObject shapeOne(JsonObjectBuilder line) {
        JsonObject item = line.build();
        BigDecimal quantity = item.getJsonNumber("quantity").bigDecimalValue();
        BigDecimal price = item.getJsonNumber("price").bigDecimalValue();
        JsonArrayBuilder items = Json.createArrayBuilder().add(item);
        return Json.createObjectBuilder().add("merchantSiteUrl", "https://demo.platform.example").add("cart", Json.createObjectBuilder()
                .add("currency", "GBP").add("item_count", quantity).add("total_price", price.multiply(quantity)).add("items", items))
                .build();
    }

    @Test
    void theCrossFieldRulesTheDocumentWritesAreEnforced() {
        JsonObject cart = shapeOne(item().add("quantity", 2).add("price", 5));
        assertDoesNotThrow(() -> CartRules.checkPlatformCart(cart));
        JsonObject wrongCount = Json.createObjectBuilder(cart).add("cart", Json.createObjectBuilder(cart.getJsonObject("cart"))
                .add("item_count", 1)).build();
        assertEquals("cart.item_count", assertThrows(InvalidRequestException.class, () -> CartRules.checkPlatformCart(wrongCount)).field());
        assertTrue(((String) map(schema("PlatformCartItems"), "properties", "item_count").get("description")).contains("cart.item_count"));

        JsonObject enterprise = json(requestBody("/carts/enterprise/{enterpriseId}/merchants/{merchantId}").get("example"));
        JsonObject offByAFen = Json.createObjectBuilder(enterprise).add("cart", Json.createObjectBuilder(enterprise.getJsonObject("cart"))
                .add("totalToPay", new BigDecimal("201.01"))).build();
        assertEquals("cart.totalToPay", assertThrows(InvalidRequestException.class,
                () -> CartRules.checkEnterpriseCart(offByAFen, RATE)).field());
        JsonObject withoutUser = Json.createObjectBuilder(enterprise).add("cart", Json.createObjectBuilder(enterprise.getJsonObject("cart"))
                .add("user", Json.createObjectBuilder(enterprise.getJsonObject("cart").getJsonObject("user")).remove("platformUserId")))
                .build();
        assertEquals("cart.user.platformUserId", assertThrows(InvalidRequestException.class,
                () -> CartRules.checkEnterpriseCart(withoutUser, RATE)).field());
        assertTrue(((List<?>) schema("User").get("required")).contains("platformUserId"));

        JsonObject shapeTwo = json(map(requestBody("/carts/{platform}/{merchantId}"), "examples", "shape2").get("value"));
        JsonObject withoutUserId = Json.createObjectBuilder(shapeTwo).add("cart", Json.createObjectBuilder(shapeTwo.getJsonObject("cart"))
                .remove("userId")).build();
        assertEquals("cart.userId", assertThrows(InvalidRequestException.class, () -> CartRules.checkPlatformCart(withoutUserId)).field());
        assertTrue(((List<?>) schema("PlatformCartProducts").get("required")).contains("userId"));
    }
}
