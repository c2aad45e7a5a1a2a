package org.cbec.cart.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.util.Base64;
import org.cbec.platform.crypto.KeyRing;
import org.junit.jupiter.api.Test;

class CartPrivacyTest {

    private static final KeyRing RING = KeyRing.parse("k1:" + Base64.getEncoder().encodeToString(new byte[32]));
    private static final String ID = "11010519491231002X";

    private static final JsonObject CART = Json.createReader(new StringReader("""
            {"merchantId":"m","cart":{"currency":"CNY","user":{
              "payer":{"name":"张三","nationalId":"11010519491231002X","phoneNumber":"13800138000"},
              "shippingAddress":{"street":"一路1号","receiver":{"name":"李四","phoneNumber":"13900139000"}}},
              "products":[{"name":"tea"}]}}""")).readObject();

    @Test
    void theStoredCartHasTheIdNumberMaskedAndThePhoneNumbersSealed() {
        JsonObject stored = CartPrivacy.stored(CART, v -> RING.seal(v, CartPrivacy.PHONE));
        String text = stored.toString();
        assertFalse(text.contains(ID));
        assertFalse(text.contains("13800138000"));
        assertFalse(text.contains("13900139000"));
        JsonObject user = stored.getJsonObject("cart").getJsonObject("user");
        assertEquals("110*************2X", user.getJsonObject("payer").getString("nationalId"));
        assertEquals("张三", user.getJsonObject("payer").getString("name"));
        assertEquals(CART.getJsonObject("cart").get("products"), stored.getJsonObject("cart").get("products"), "the rest as it was");
    }

    @Test
    void theShownCartHasThePhoneNumbersOpenedAndTheIdNumberStillMasked() {
        JsonObject shown = CartPrivacy.shown(CartPrivacy.stored(CART, v -> RING.seal(v, CartPrivacy.PHONE)),
                v -> RING.open(v, CartPrivacy.PHONE));
        JsonObject user = shown.getJsonObject("cart").getJsonObject("user");
        assertEquals("13800138000", user.getJsonObject("payer").getString("phoneNumber"));
        assertEquals("13900139000", user.getJsonObject("shippingAddress").getJsonObject("receiver").getString("phoneNumber"));
        assertEquals("110*************2X", user.getJsonObject("payer").getString("nationalId"));
    }

    @Test
    void aConfirmedAddressKeepsTheReceiversPhoneSealed() {
        JsonObject address = CART.getJsonObject("cart").getJsonObject("user").getJsonObject("shippingAddress");
        JsonObject stored = CartPrivacy.storedAddress(address, v -> RING.seal(v, CartPrivacy.PHONE));
        assertFalse(stored.toString().contains("13900139000"));
        assertEquals(address, CartPrivacy.shownAddress(stored, v -> RING.open(v, CartPrivacy.PHONE)));
    }

    @Test
    void storingAStoredCartAgainMasksNothingFurther() {
        JsonObject once = CartPrivacy.stored(CART, v -> RING.seal(v, CartPrivacy.PHONE));
        JsonObject twice = CartPrivacy.stored(once, v -> KeyRing.isSealed(v) ? v : RING.seal(v, CartPrivacy.PHONE));
        assertEquals(once, twice);
    }

    @Test
    void aCartWithoutAUserIsLeftAsItIs() {
        JsonObject platform = Json.createObjectBuilder().add("cart", Json.createObjectBuilder().add("items", Json.createArrayBuilder())).build();
        assertEquals(platform, CartPrivacy.stored(platform, v -> "sealed"));
    }
}
