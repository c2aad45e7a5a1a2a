package org.cbec.cart.control;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Currency;
import java.util.Set;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.json.WholeNumbers;
import org.cbec.platform.text.FreeText;
import org.cbec.platform.text.HttpUrls;
import org.cbec.platform.identity.ChinaContact;
import org.cbec.platform.identity.CjkNames;
import org.cbec.platform.identity.ResidentId;

/**
 * The checks of spec 2.2 to 2.5 on a cart as received. Refusals name the failing field by its
 * path in the request body ({@code cart.items[2].quantity}); identity numbers never appear in them.
 *
 * <p>Unlike the broker's requests, a cart is read as a JSON-P tree, not bound to typed records with
 * Bean Validation constraints: a member of the wrong JSON type (a quantity sent as {@code "2"}, a
 * user sent as text) is refused here naming that member, in its place among the other fields'
 * rules, whereas a binding would refuse it earlier and without a name, as an unreadable body. The
 * value rules call the same predicates as the constraints ({@code platform.identity},
 * {@link FreeText}, {@link HttpUrls}, {@link WholeNumbers}).
 */
public final class CartRules {

    public static final Set<String> PLATFORMS = Set.of("platform_a", "platform_b", "platform_c", "platform_d", "platform_e", "platform_f");
    /** Cross-border e-commerce rules: at most 5,000 RMB per order before shipping, tax and discount. */
    public static final long CAP_FEN = 500_000;
    private static final int MAX_LINES = 500;
    /**
     * Quantities, counts, weights in grams and shape 1's minor-unit amounts: far above any real cart. Their
     * products and sums are computed exactly; one beyond a long is refused by the boundary as the cart's.
     */
    public static final long MAX_WHOLE = 1_000_000_000_000L;
    /**
     * Product and variant ids: the largest integer a double (a JavaScript number) holds exactly, 2^53 − 1.
     * A larger id may have been rounded by any client that reads JSON numbers as doubles, and name another product.
     */
    public static final long MAX_ID = (1L << 53) - 1;

    private CartRules() {
    }

    /** A platform cart's currency and total in its smallest unit. */
    public record PlatformTotals(String currency, long totalMinor) {
    }

    /** An enterprise cart's currency, wallet and totals in the currency's smallest unit. */
    public record EnterpriseTotals(String currency, String paymentType, long beforeShippingTaxAndDiscountMinor, long totalToPayMinor) {
    }

    public static String platform(String platform) {
        if (!PLATFORMS.contains(platform)) {
            throw new InvalidRequestException("platform", "platform must be one of platform_a … platform_f");
        }
        return platform;
    }

    /** The JSON text as it will be stored, refused when it does not fit its column rather than failing the insert. */
    public static String storable(JsonObject body, String field, int maxChars) {
        String json = body.toString();
        if (json.length() > maxChars) {
            throw new InvalidRequestException(field, field + " is too large: at most " + maxChars + " characters of JSON");
        }
        return json;
    }

    /** Shape 1 (items, cart.js convention: integer minor units) or shape 2 (products, decimal units). */
    public static PlatformTotals checkPlatformCart(JsonObject body) {
        url(body, "merchantSiteUrl", "", true);
        if (body.containsKey("subdomain") && body.get("subdomain").getValueType() != JsonValue.ValueType.TRUE
                && body.get("subdomain").getValueType() != JsonValue.ValueType.FALSE) {
            throw new InvalidRequestException("subdomain", "subdomain must be true or false");
        }
        JsonObject cart = object(body, "cart", "");
        boolean items = cart.containsKey("items");
        boolean products = cart.containsKey("products");
        if (items == products) {
            throw new InvalidRequestException("cart", "cart must have either items (shape 1) or products (shape 2)");
        }
        return items ? shapeOne(cart) : shapeTwo(cart);
    }

    private static PlatformTotals shapeOne(JsonObject cart) {
        String currency = currency(cart, "currency", "cart.", null);
        JsonArray items = array(cart, "items", "cart.");
        long count = 0;
        long total = 0;
        for (int i = 0; i < items.size(); i++) {
            String at = "cart.items[" + i + "].";
            JsonObject item = element(items, i, "cart.items");
            integer(item, "id", at, true, 0, MAX_ID);
            long quantity = integer(item, "quantity", at, true, 1, MAX_WHOLE);
            long price = integer(item, "price", at, true, 0, MAX_WHOLE);
            integer(item, "variant_id", at, false, 0, MAX_ID);
            integer(item, "grams", at, false, 0, MAX_WHOLE);
            text(item, "key", at, false, 200);
            text(item, "title", at, false, 500);
            text(item, "sku", at, false, 100);
            text(item, "product_title", at, false, 500);
            text(item, "vendor", at, false, 200);
            url(item, "image", at, false);
            count = Math.addExact(count, quantity);
            total = Math.addExact(total, Math.multiplyExact(price, quantity));
        }
        if (integer(cart, "item_count", "cart.", true, 1, MAX_WHOLE) != count) {
            throw new InvalidRequestException("cart.item_count", "item_count must be the sum of the items' quantities (" + count + ")");
        }
        if (integer(cart, "total_price", "cart.", true, 0, MAX_WHOLE) != total) {
            throw new InvalidRequestException("cart.total_price", "total_price must be the sum of price × quantity (" + total + ")");
        }
        integer(cart, "total_weight", "cart.", false, 0, MAX_WHOLE);
        return new PlatformTotals(currency, total);
    }

    private static PlatformTotals shapeTwo(JsonObject cart) {
        text(cart, "userId", "cart.", true, 64);
        JsonArray products = array(cart, "products", "cart.");
        String currency = null;
        BigDecimal total = BigDecimal.ZERO;
        for (int i = 0; i < products.size(); i++) {
            String at = "cart.products[" + i + "].";
            JsonObject product = element(products, i, "cart.products");
            text(product, "productId", at, true, 64);
            long quantity = integer(product, "quantity", at, true, 1, MAX_WHOLE);
            BigDecimal price = decimal(product, "price", at, true);
            String lineCurrency = currency(product, "currency", at, null);
            if (currency != null && !currency.equals(lineCurrency)) {
                throw new InvalidRequestException(at + "currency", "all products of a cart must be in one currency");
            }
            currency = lineCurrency;
            decimal(product, "grossWeight", at, false);
            BigDecimal taxRate = decimal(product, "taxRate", at, false);
            if (taxRate != null && taxRate.compareTo(BigDecimal.ONE) > 0) {
                throw new InvalidRequestException(at + "taxRate", "taxRate is a fraction between 0 and 1");
            }
            text(product, "nameEn", at, false, 500);
            images(product, at);
            text(product, "expressType", at, false, 64);
            text(product, "skuNumber", at, false, 64);
            text(product, "barcode", at, false, 64);
            total = total.add(price.multiply(BigDecimal.valueOf(quantity)));
        }
        return new PlatformTotals(currency, Money.toMinorUnits(total));
    }

    /** Spec 2.4 and 2.5; {@code rateGbpCny} converts a GBP cart for the 5,000 RMB cap. */
    public static EnterpriseTotals checkEnterpriseCart(JsonObject body, BigDecimal rateGbpCny) {
        url(body, "cancelUrl", "", true);
        JsonObject cart = object(body, "cart", "");
        JsonObject user = object(cart, "user", "cart.");
        text(user, "platformUserId", "cart.user.", true, 64);
        JsonObject payer = object(user, "payer", "cart.user.");
        String nationalId = text(payer, "nationalId", "cart.user.payer.", true, 18);
        ResidentId.problem(nationalId).ifPresent(p -> {
            throw new InvalidRequestException("cart.user.payer.nationalId", "nationalId " + p);
        });
        name(payer, "name", "cart.user.payer.");
        mobile(payer, "phoneNumber", "cart.user.payer.");
        checkShippingAddress(object(user, "shippingAddress", "cart.user."), "cart.user.shippingAddress.");
        String paymentType = text(cart, "paymentType", "cart.", true, 16);
        if (!paymentType.equals("alphapay") && !paymentType.equals("betapay")) {
            throw new InvalidRequestException("cart.paymentType", "paymentType must be alphapay or betapay");
        }
        String currency = currency(cart, "currency", "cart.", Set.of("CNY", "GBP"));
        JsonArray products = array(cart, "products", "cart.");
        BigDecimal before = BigDecimal.ZERO;
        BigDecimal productDiscounts = BigDecimal.ZERO;
        for (int i = 0; i < products.size(); i++) {
            String at = "cart.products[" + i + "].";
            JsonObject product = element(products, i, "cart.products");
            text(product, "productId", at, true, 64);
            text(product, "skuNumber", at, false, 64);
            text(product, "barcode", at, false, 64);
            long quantity = integer(product, "quantity", at, true, 1, MAX_WHOLE);
            BigDecimal price = decimal(product, "priceBeforeTax", at, true);
            BigDecimal discount = decimal(product, "discount", at, false);
            BigDecimal taxRate = decimal(product, "taxRate", at, false);
            if (taxRate != null && taxRate.compareTo(BigDecimal.ONE) > 0) {
                throw new InvalidRequestException(at + "taxRate", "taxRate is a fraction between 0 and 1");
            }
            url(product, "imageUrl", at, false);
            before = before.add(price.multiply(BigDecimal.valueOf(quantity)));
            productDiscounts = productDiscounts.add(discount == null ? BigDecimal.ZERO : discount);
        }
        long beforeMinor = Money.toMinorUnits(before);
        if (Money.toMinorUnits(decimal(cart, "totalPriceBeforeShippingTaxAndDiscount", "cart.", true)) != beforeMinor) {
            throw new InvalidRequestException("cart.totalPriceBeforeShippingTaxAndDiscount",
                    "totalPriceBeforeShippingTaxAndDiscount must be the sum of priceBeforeTax × quantity (" + Money.units(beforeMinor) + ")");
        }
        long toPay = beforeMinor - Money.toMinorUnits(productDiscounts) - minor(cart, "discount") + minor(cart, "tax") + minor(cart, "shipping");
        if (toPay < 0 || Money.toMinorUnits(decimal(cart, "totalToPay", "cart.", true)) != toPay) {
            throw new InvalidRequestException("cart.totalToPay", "totalToPay must be the products' total − product discounts − discount"
                    + " + tax + shipping (" + (toPay < 0 ? "negative" : Money.units(toPay)) + ")");
        }
        long beforeCny = currency.equals("CNY") ? beforeMinor : Money.convert(beforeMinor, rateGbpCny, RoundingMode.HALF_UP);
        if (beforeCny > CAP_FEN) {
            throw new InvalidRequestException("cart.totalPriceBeforeShippingTaxAndDiscount",
                    "cross-border orders are limited to 5,000 RMB before shipping, tax and discount (this cart: "
                            + Money.units(beforeCny) + " RMB at the locked rate)");
        }
        return new EnterpriseTotals(currency, paymentType, beforeMinor, toPay);
    }

    /**
     * Spec 2.5's shipping address: the receiver's name and mobile, the street (CJK, letters,
     * digits), district, province, city and country in CJK characters, a 6-digit postcode. The
     * shipping form checks the buyer's corrections with the same rules; {@code at} prefixes the
     * field names.
     */
    public static void checkShippingAddress(JsonObject address, String at) {
        JsonObject receiver = object(address, "receiver", at);
        name(receiver, "name", at + "receiver.");
        mobile(receiver, "phoneNumber", at + "receiver.");
        String street = text(address, "streetAddress", at, true, 200);
        if (!CjkNames.isAddressText(street)) {
            throw new InvalidRequestException(at + "streetAddress", "streetAddress must be written in Chinese characters, letters and digits");
        }
        for (String part : new String[] {"district", "province", "city", "country"}) {
            name(address, part, at);
        }
        String postcode = text(address, "postcode", at, true, 6);
        if (!ChinaContact.isPostcode(postcode)) {
            throw new InvalidRequestException(at + "postcode", "postcode must be 6 digits");
        }
    }

    /** A shape-2 product's optional {@code images}: lists of URLs under {@code uploads} and {@code urls}. */
    private static void images(JsonObject product, String at) {
        JsonValue v = product.get("images");
        if (v == null || v == JsonValue.NULL) {
            return;
        }
        JsonObject images = object(product, "images", at);
        for (String list : new String[] {"uploads", "urls"}) {
            JsonValue urls = images.get(list);
            String field = at + "images." + list;
            if (urls == null || urls == JsonValue.NULL) {
                continue;
            }
            if (!(urls instanceof JsonArray array)) {
                throw new InvalidRequestException(field, field + " must be a list of URLs");
            }
            for (int i = 0; i < array.size(); i++) {
                if (!(array.get(i) instanceof JsonString s)) {
                    throw new InvalidRequestException(field + "[" + i + "]", field + "[" + i + "] must be an absolute http or https URL");
                }
                url(field + "[" + i + "]", s.getString());
            }
        }
    }

    /** An absolute http(s) URL of at most 2,048 characters. */
    public static String url(String field, String value) {
        if (!HttpUrls.isAbsoluteHttp(value, 2048)) {
            throw new InvalidRequestException(field, field + " must be an absolute http or https URL");
        }
        return value;
    }

    // ---- field readers that name the field when it is missing or of the wrong type ----------------

    private static JsonObject object(JsonObject o, String name, String at) {
        JsonValue v = o.get(name);
        if (!(v instanceof JsonObject object)) {
            throw new InvalidRequestException(at + name, at + name + (v == null ? " is required" : " must be an object"));
        }
        return object;
    }

    private static JsonObject element(JsonArray array, int i, String at) {
        if (!(array.get(i) instanceof JsonObject object)) {
            throw new InvalidRequestException(at + "[" + i + "]", at + "[" + i + "] must be an object");
        }
        return object;
    }

    private static JsonArray array(JsonObject o, String name, String at) {
        JsonValue v = o.get(name);
        if (!(v instanceof JsonArray array) || array.isEmpty() || array.size() > MAX_LINES) {
            throw new InvalidRequestException(at + name, at + name + " must be a list of 1 to " + MAX_LINES + " entries");
        }
        return array;
    }

    private static String text(JsonObject o, String name, String at, boolean required, int max) {
        JsonValue v = o.get(name);
        if (v == null || v == JsonValue.NULL) {
            if (required) {
                throw new InvalidRequestException(at + name, at + name + " is required");
            }
            return null;
        }
        if (!(v instanceof JsonString s) || s.getString().isBlank() || s.getString().length() > max
                || FreeText.hasControlCharacters(s.getString())) {
            throw new InvalidRequestException(at + name, at + name + " must be text of 1 to " + max + " characters, without control characters");
        }
        return s.getString();
    }

    private static void url(JsonObject o, String name, String at, boolean required) {
        String value = text(o, name, at, required, 2048);
        if (value != null) {
            url(at + name, value);
        }
    }

    private static long integer(JsonObject o, String name, String at, boolean required, long min, long max) {
        JsonValue v = o.get(name);
        if (v == null || v == JsonValue.NULL) {
            if (required) {
                throw new InvalidRequestException(at + name, at + name + " is required");
            }
            return min;
        }
        Long whole = v instanceof JsonNumber n ? WholeNumbers.within(n.bigDecimalValue(), min, max) : null;
        if (whole == null) {
            throw new InvalidRequestException(at + name, at + name + " must be a whole number from " + min + " to " + max);
        }
        return whole;
    }

    private static BigDecimal decimal(JsonObject o, String name, String at, boolean required) {
        JsonValue v = o.get(name);
        if (v == null || v == JsonValue.NULL) {
            if (required) {
                throw new InvalidRequestException(at + name, at + name + " is required");
            }
            return null;
        }
        if (v instanceof JsonNumber n && n.bigDecimalValue().signum() >= 0 && n.bigDecimalValue().compareTo(new BigDecimal("1e10")) < 0) {
            return n.bigDecimalValue();
        }
        throw new InvalidRequestException(at + name, at + name + " must be a number, not negative");
    }

    private static long minor(JsonObject o, String name) {
        BigDecimal value = decimal(o, name, "cart.", false);
        return value == null ? 0 : Money.toMinorUnits(value);
    }

    private static String currency(JsonObject o, String name, String at, Set<String> allowed) {
        String code = text(o, name, at, true, 3);
        boolean iso;
        try {
            iso = code.matches("[A-Z]{3}") && Currency.getInstance(code) != null;
        } catch (IllegalArgumentException e) {
            iso = false;
        }
        if (!iso || allowed != null && !allowed.contains(code)) {
            throw new InvalidRequestException(at + name, at + name + (allowed == null ? " must be an ISO 4217 currency code"
                    : " must be one of " + String.join(", ", allowed.stream().sorted().toList())));
        }
        return code;
    }

    private static void name(JsonObject o, String name, String at) {
        if (!CjkNames.isName(text(o, name, at, true, 64))) {
            throw new InvalidRequestException(at + name, at + name + " must be written in Chinese characters (a middle dot is allowed)");
        }
    }

    private static void mobile(JsonObject o, String name, String at) {
        if (!ChinaContact.isMobile(text(o, name, at, true, 20))) {
            throw new InvalidRequestException(at + name, at + name + " must be a mainland mobile number (optionally +86)");
        }
    }
}
