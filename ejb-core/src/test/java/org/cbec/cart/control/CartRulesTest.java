package org.cbec.cart.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.math.BigDecimal;
import org.cbec.platform.error.InvalidRequestException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The rules of both platform cart shapes and of enterprise carts, without a container. Carts are the
 * valid examples of CartsIT; each test changes the fields it is about through a JSON Pointer.
 */
class CartRulesTest {

    private static final BigDecimal RATE = new BigDecimal("9.000000");
    private static final String ID = "11010519491231002X";

    /** Shape 1, cart.js convention: 2 × 2925 + 1 × 1500 = 7350 pence. */
    private static final JsonObject SHAPE_ONE = json("""
            {"merchantSiteUrl":"https://demo.platform.example","subdomain":true,"cart":{
              "currency":"GBP","item_count":3,"total_price":7350,"total_weight":600,"items":[
                {"id":1,"quantity":2,"variant_id":11,"title":"茶叶","price":2925,"grams":250},
                {"id":2,"quantity":1,"variant_id":21,"title":"Tea cup","price":1500,"grams":100}]}}""");

    /** Shape 2, decimal units: 3 × 19.99. */
    private static final JsonObject SHAPE_TWO = json("""
            {"merchantSiteUrl":"https://demo.platform.example","cart":{"userId":"u-1","products":[
              {"productId":"p1","quantity":3,"grossWeight":0.3,"taxRate":0.091,"nameEn":"Tea","skuNumber":"SKU1",
               "barcode":"690000000001","price":19.99,"currency":"GBP"}]}}""");

    /** Two equal lines of 100.00: 200.00 − 2.00 product discount − 10.00 + 5.00 tax + 8.00 shipping = 201.00. */
    private static final JsonObject ENTERPRISE = json("""
            {"cancelUrl":"https://shop.example/cancel","cart":{
              "user":{"platformUserId":"pu-1","payer":{"nationalId":"%s","name":"张三","phoneNumber":"+8613812345678"},
                "shippingAddress":{"receiver":{"name":"李四","phoneNumber":"13912345678"},"streetAddress":"建国路88号",
                  "district":"朝阳区","province":"北京市","city":"北京市","country":"中国","postcode":"100020"}},
              "paymentType":"alphapay","products":[{"productId":"p1","skuNumber":"S1","barcode":"690","quantity":2,
                "priceBeforeTax":100.00,"discount":2.00,"taxRate":0.091}],
              "totalPriceBeforeShippingTaxAndDiscount":200.00,"currency":"CNY",
              "tax":5.00,"shipping":8.00,"discount":10.00,"totalToPay":201.00}}""".formatted(ID));

    private static JsonObject json(String text) {
        return Json.createReader(new StringReader(text)).readObject();
    }

    /** The body with each JSON Pointer's member set to the JSON text that follows it. */
    private static JsonObject with(JsonObject body, String... pointerThenJson) {
        JsonObject changed = body;
        for (int i = 0; i < pointerThenJson.length; i += 2) {
            JsonValue value = Json.createReader(new StringReader(pointerThenJson[i + 1])).readValue();
            changed = Json.createPointer(pointerThenJson[i]).add(changed, value);
        }
        return changed;
    }

    private static InvalidRequestException platformRefusal(JsonObject body) {
        return assertThrows(InvalidRequestException.class, () -> CartRules.checkPlatformCart(body));
    }

    private static String enterpriseRefusal(JsonObject body, BigDecimal rate) {
        InvalidRequestException e = assertThrows(InvalidRequestException.class, () -> CartRules.checkEnterpriseCart(body, rate));
        assertFalse(e.getMessage().contains(ID.substring(6, 14)), "no identity number in a refusal");
        return e.field();
    }

    // ---- whole numbers written as decimals ----------------------------------------------------------

    @Test
    void theShapeOneExampleIsTotalledInMinorUnits() {
        assertEquals(new CartRules.PlatformTotals("GBP", 7350), CartRules.checkPlatformCart(SHAPE_ONE));
    }

    @Test
    void everyWholeNumberOfShapeOneMayBeWrittenWithADecimalPoint() {
        JsonObject body = with(SHAPE_ONE, "/cart/items/0/id", "1.0", "/cart/items/0/quantity", "2.0", "/cart/items/0/variant_id", "11.0",
                "/cart/items/0/price", "2925.00", "/cart/items/0/grams", "250.0", "/cart/item_count", "3.0",
                "/cart/total_price", "7350.0", "/cart/total_weight", "600.0");
        assertEquals(new CartRules.PlatformTotals("GBP", 7350), CartRules.checkPlatformCart(body));
    }

    @Test
    void zeroWrittenAsZeroPointZeroIsZero() {
        JsonObject body = with(SHAPE_ONE, "/cart/items/0/grams", "0.0", "/cart/items/1/price", "0.0", "/cart/total_price", "5850");
        assertEquals(5850, CartRules.checkPlatformCart(body).totalMinor());
    }

    @Test
    void aWholeNumberInExponentFormCounts() {
        JsonObject body = with(SHAPE_ONE, "/cart/items/1/quantity", "1e2", "/cart/item_count", "1.02E2", "/cart/total_price", "1.5585e5");
        assertEquals(155850, CartRules.checkPlatformCart(body).totalMinor(), "2 × 2925 + 100 × 1500");
    }

    @Test
    void theQuantityOfAShapeTwoProductMayBeWrittenWithADecimalPoint() {
        assertEquals(5997, CartRules.checkPlatformCart(with(SHAPE_TWO, "/cart/products/0/quantity", "3.0")).totalMinor());
    }

    @Test
    void theQuantityOfAnEnterpriseProductMayBeWrittenWithADecimalPoint() {
        assertEquals(20100, CartRules.checkEnterpriseCart(with(ENTERPRISE, "/cart/products/0/quantity", "2.0"), RATE).totalToPayMinor());
    }

    @ParameterizedTest
    @ValueSource(strings = {"/cart/items/0/id", "/cart/items/0/quantity", "/cart/items/0/variant_id", "/cart/items/0/price",
        "/cart/items/0/grams", "/cart/item_count", "/cart/total_price", "/cart/total_weight"})
    void aFractionWhereShapeOneWantsAWholeNumberIsRefusedNamingTheField(String pointer) {
        InvalidRequestException e = platformRefusal(with(SHAPE_ONE, pointer, "1.5"));
        String field = pointer.substring(1).replaceAll("/([0-9]+)/", "[$1].").replace('/', '.');
        assertEquals(field, e.field());
        assertTrue(e.getMessage().startsWith(field + " must be a whole number from "), e.getMessage());
    }

    @Test
    void aFractionTooSmallForADoubleIsStillAFraction() {
        assertEquals("cart.items[0].quantity", platformRefusal(with(SHAPE_ONE, "/cart/items/0/quantity", "2.0000000000000001")).field());
    }

    @Test
    void aFractionalQuantityIsRefusedInShapeTwoAndInEnterpriseCarts() {
        assertEquals("cart.products[0].quantity", platformRefusal(with(SHAPE_TWO, "/cart/products/0/quantity", "1.5")).field());
        assertEquals("cart.products[0].quantity", enterpriseRefusal(with(ENTERPRISE, "/cart/products/0/quantity", "1.5"), RATE));
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"2\"", "true", "false", "[2]", "{\"value\":2}"})
    void aWholeNumberOfAnotherJsonTypeIsRefusedNamingTheField(String json) {
        assertEquals("cart.items[0].quantity", platformRefusal(with(SHAPE_ONE, "/cart/items/0/quantity", json)).field());
    }

    @Test
    void aRequiredWholeNumberGivenAsNullIsRequired() {
        InvalidRequestException e = platformRefusal(with(SHAPE_ONE, "/cart/items/0/quantity", "null"));
        assertEquals("cart.items[0].quantity", e.field());
        assertEquals("cart.items[0].quantity is required", e.getMessage());
    }

    @Test
    void aQuantityBelowOneIsRefusedHoweverItIsWritten() {
        for (String zero : new String[] {"0", "0.0", "-1", "-0.0"}) {
            assertEquals("cart.items[0].quantity", platformRefusal(with(SHAPE_ONE, "/cart/items/0/quantity", zero)).field(), zero);
        }
    }

    // ---- caps -------------------------------------------------------------------------------------

    @Test
    void idsAndVariantIdsGoUpToTwoToTheFiftyThirdMinusOne() {
        assertEquals(9007199254740991L, CartRules.MAX_ID);
        JsonObject body = with(SHAPE_ONE, "/cart/items/0/id", "9007199254740991", "/cart/items/0/variant_id", "9007199254740991",
                "/cart/items/1/id", "9.007199254740991e15", "/cart/items/1/variant_id", "9007199254740991.0");
        assertEquals(7350, CartRules.checkPlatformCart(body).totalMinor());
    }

    @Test
    void anIdAboveTwoToTheFiftyThirdMinusOneIsRefusedNamingIt() {
        InvalidRequestException e = platformRefusal(with(SHAPE_ONE, "/cart/items/1/id", "9007199254740992"));
        assertEquals("cart.items[1].id", e.field());
        assertEquals("cart.items[1].id must be a whole number from 0 to 9007199254740991", e.getMessage());
    }

    @Test
    void aVariantIdAboveTwoToTheFiftyThirdMinusOneIsRefusedNamingIt() {
        assertEquals("cart.items[0].variant_id", platformRefusal(with(SHAPE_ONE, "/cart/items/0/variant_id", "9007199254740992")).field());
        assertEquals("cart.items[0].variant_id", platformRefusal(with(SHAPE_ONE, "/cart/items/0/variant_id", "1e400")).field());
    }

    @Test
    void quantitiesAndAmountsGoUpToATrillion() {
        JsonObject body = with(SHAPE_ONE, "/cart/items/0/quantity", "999999999999", "/cart/items/0/price", "1", "/cart/items/1/price", "1",
                "/cart/item_count", "1000000000000", "/cart/total_price", "1000000000000");
        assertEquals(CartRules.MAX_WHOLE, CartRules.checkPlatformCart(body).totalMinor());
        assertEquals("cart.items[0].quantity", platformRefusal(with(body, "/cart/items/0/quantity", "1000000000001")).field());
    }

    @Test
    void aNumberWithAHugeExponentIsRefusedNamingTheField() {
        assertEquals("cart.items[0].grams", platformRefusal(with(SHAPE_ONE, "/cart/items/0/grams", "1e999999999")).field());
    }

    @Test
    void productsOfAmountsBeyondALongAreLeftToTheBoundaryAsArithmetic() {
        JsonObject body = with(SHAPE_ONE, "/cart/items/0/quantity", "1000000000000", "/cart/items/0/price", "1000000000000");
        assertThrows(ArithmeticException.class, () -> CartRules.checkPlatformCart(body), "Carts answers it as the cart's 400");
    }

    // ---- shape 1 totals ---------------------------------------------------------------------------

    @Test
    void itemCountMustBeTheSumOfTheQuantities() {
        InvalidRequestException e = platformRefusal(with(SHAPE_ONE, "/cart/item_count", "4"));
        assertEquals("cart.item_count", e.field());
        assertEquals("item_count must be the sum of the items' quantities (3)", e.getMessage());
    }

    @Test
    void totalPriceMustBeTheSumOfPriceTimesQuantity() {
        InvalidRequestException e = platformRefusal(with(SHAPE_ONE, "/cart/total_price", "7351"));
        assertEquals("cart.total_price", e.field());
        assertEquals("total_price must be the sum of price × quantity (7350)", e.getMessage());
    }

    @Test
    void theFirstFailingFieldIsNamedWithItsLineIndex() {
        JsonObject three = with(SHAPE_ONE, "/cart/items/-",
                "{\"id\":3,\"quantity\":1.5,\"variant_id\":31,\"price\":100,\"grams\":-1}", "/cart/item_count", "99");
        InvalidRequestException e = platformRefusal(three);
        assertEquals("cart.items[2].quantity", e.field(), "before its grams, and before the totals that depend on it");
        assertTrue(e.getMessage().startsWith("cart.items[2].quantity "), e.getMessage());
    }

    @Test
    void aCartWithNeitherOrBothShapesIsRefusedNamingTheCart() {
        assertEquals("cart", platformRefusal(with(SHAPE_ONE, "/cart/products", "[]")).field());
        assertEquals("cart", platformRefusal(json("{\"merchantSiteUrl\":\"https://demo.platform.example\",\"cart\":{\"currency\":\"GBP\"}}")).field());
    }

    // ---- shape 2 totals ---------------------------------------------------------------------------

    @Test
    void theShapeTwoExampleIsTotalledInMinorUnits() {
        assertEquals(new CartRules.PlatformTotals("GBP", 5997), CartRules.checkPlatformCart(SHAPE_TWO));
    }

    @Test
    void aShapeTwoTotalIsRoundedOnceAfterMultiplying() {
        assertEquals(100, CartRules.checkPlatformCart(with(SHAPE_TWO, "/cart/products/0/price", "0.333")).totalMinor(),
                "3 × 0.333 = 0.999 → 1.00, not 3 × 0.33");
    }

    @Test
    void allProductsOfAShapeTwoCartShareOneCurrency() {
        JsonObject mixed = with(SHAPE_TWO, "/cart/products/-", "{\"productId\":\"p2\",\"quantity\":1,\"price\":1.00,\"currency\":\"USD\"}");
        assertEquals("cart.products[1].currency", platformRefusal(mixed).field());
    }

    @Test
    void taxRateIsAFractionUpToOne() {
        assertEquals(5997, CartRules.checkPlatformCart(with(SHAPE_TWO, "/cart/products/0/taxRate", "1")).totalMinor());
        assertEquals("cart.products[0].taxRate", platformRefusal(with(SHAPE_TWO, "/cart/products/0/taxRate", "9.1")).field(),
                "9.1 per cent written as a percentage");
        assertEquals("cart.products[0].taxRate", enterpriseRefusal(with(ENTERPRISE, "/cart/products/0/taxRate", "1.01"), RATE));
    }

    // ---- enterprise totals ------------------------------------------------------------------------

    @Test
    void enterpriseTotalsAreThePricesLessDiscountsPlusTaxAndShipping() {
        CartRules.EnterpriseTotals totals = CartRules.checkEnterpriseCart(ENTERPRISE, RATE);
        assertEquals(new CartRules.EnterpriseTotals("CNY", "alphapay", 20000, 20100), totals);
    }

    @Test
    void theSubtotalMustBeTheSumOfPriceBeforeTaxTimesQuantity() {
        assertEquals("cart.totalPriceBeforeShippingTaxAndDiscount",
                enterpriseRefusal(with(ENTERPRISE, "/cart/totalPriceBeforeShippingTaxAndDiscount", "200.01"), RATE));
    }

    @Test
    void totalToPayMustFollowTheArithmetic() {
        assertEquals("cart.totalToPay", enterpriseRefusal(with(ENTERPRISE, "/cart/totalToPay", "201.01"), RATE));
        assertEquals("cart.totalToPay", enterpriseRefusal(with(ENTERPRISE, "/cart/totalToPay", "211.00"), RATE),
                "the cart discount is subtracted, not ignored");
    }

    @Test
    void productDiscountsAreAmountsForTheirLineNotPerUnit() {
        JsonObject body = with(ENTERPRISE, "/cart/products/0/discount", "3.00", "/cart/totalToPay", "200.00");
        assertEquals(20000, CartRules.checkEnterpriseCart(body, RATE).totalToPayMinor(), "200 − 3 − 10 + 5 + 8");
    }

    @Test
    void aTotalToPayBelowZeroIsRefused() {
        JsonObject body = with(ENTERPRISE, "/cart/discount", "500.00", "/cart/totalToPay", "0");
        assertEquals("cart.totalToPay", enterpriseRefusal(body, RATE));
    }

    @Test
    void enterpriseTotalsAreRoundedOnceAtFenPrecisionHalfUp() {
        JsonObject body = with(ENTERPRISE, "/cart/products/0/quantity", "3", "/cart/products/0/priceBeforeTax", "0.335",
                "/cart/products/0/discount", "0", "/cart/discount", "0", "/cart/tax", "0.005", "/cart/shipping", "0",
                "/cart/totalPriceBeforeShippingTaxAndDiscount", "1.01", "/cart/totalToPay", "1.02");
        assertEquals(new CartRules.EnterpriseTotals("CNY", "alphapay", 101, 102), CartRules.checkEnterpriseCart(body, RATE),
                "3 × 0.335 = 1.005 → 1.01; tax 0.005 → 0.01");
    }

    @Test
    void fiveThousandRmbIsAllowedAndOneFenMoreIsNot() {
        JsonObject atCap = with(ENTERPRISE, "/cart/products/0/priceBeforeTax", "2500.00", "/cart/totalPriceBeforeShippingTaxAndDiscount", "5000.00",
                "/cart/totalToPay", "5001.00");
        assertEquals(CartRules.CAP_FEN, CartRules.checkEnterpriseCart(atCap, RATE).beforeShippingTaxAndDiscountMinor());
        JsonObject over = with(ENTERPRISE, "/cart/products/0/quantity", "1", "/cart/products/0/priceBeforeTax", "5000.01",
                "/cart/totalPriceBeforeShippingTaxAndDiscount", "5000.01", "/cart/totalToPay", "5001.01");
        assertEquals("cart.totalPriceBeforeShippingTaxAndDiscount", enterpriseRefusal(over, RATE));
    }

    @Test
    void theCapOfAGbpCartIsAppliedAtTheLockedRate() {
        JsonObject gbp = with(ENTERPRISE, "/cart/currency", "\"GBP\"", "/cart/products/0/priceBeforeTax", "300.00",
                "/cart/totalPriceBeforeShippingTaxAndDiscount", "600.00", "/cart/totalToPay", "601.00");
        assertEquals(60000, CartRules.checkEnterpriseCart(gbp, new BigDecimal("8.333333")).beforeShippingTaxAndDiscountMinor(),
                "GBP 600.00 at 8.333333 is 4,999.9998 RMB, 5,000.00 at fen precision");
        assertEquals("cart.totalPriceBeforeShippingTaxAndDiscount", enterpriseRefusal(gbp, new BigDecimal("8.333342")),
                "at 8.333342 it is 5,000.0052 RMB, 5,000.01 at fen precision");
    }
}
