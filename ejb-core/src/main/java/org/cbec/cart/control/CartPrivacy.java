package org.cbec.cart.control;

import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.function.UnaryOperator;
import org.cbec.platform.identity.ResidentId;
import org.cbec.plumbing.json.Jsonp;

/**
 * What of a cart is personal and how it is kept (China's personal-information law counts identity
 * and phone numbers as sensitive): the payer's national ID number is stored masked only (nothing
 * after the cart needs it whole: the customs declaration gets it from the merchant, the shipping
 * form shows it masked), phone numbers are stored sealed and opened for the buyer's shipping form.
 * The functions leave everything else as it is, and apply to a cart stored before this existed too
 * (a number already masked or sealed is left so).
 */
public final class CartPrivacy {

    /** The sealing context of a cart's phone numbers. */
    public static final String PHONE = "cart.phoneNumber";

    private CartPrivacy() {
    }

    /** An enterprise cart's body as stored: ID number masked, phone numbers sealed with {@code seal}. */
    public static JsonObject stored(JsonObject body, UnaryOperator<String> seal) {
        return personal(body, seal, true);
    }

    /** A cart body as stored, with its phone numbers opened with {@code open}. */
    public static JsonObject shown(JsonObject stored, UnaryOperator<String> open) {
        return personal(stored, open, false);
    }

    /** The payer's and the receiver's phone numbers through {@code phones}; the ID number masked when asked. */
    private static JsonObject personal(JsonObject body, UnaryOperator<String> phones, boolean maskId) {
        return mapUser(body, user -> {
            JsonObjectBuilder u = Jsonp.object(user);
            JsonObject payer = object(user, "payer");
            if (payer != null) {
                JsonObjectBuilder p = Jsonp.object(payer);
                if (maskId && payer.get("nationalId") instanceof JsonString id) {
                    p.add("nationalId", ResidentId.mask(id.getString()));
                }
                phone(payer, p, phones);
                u.add("payer", p);
            }
            JsonObject address = object(user, "shippingAddress");
            if (address != null) {
                u.add("shippingAddress", mapReceiver(address, phones));
            }
            return u.build();
        });
    }

    /** A shipping address as stored: the receiver's phone number sealed. */
    public static JsonObject storedAddress(JsonObject address, UnaryOperator<String> seal) {
        return mapReceiver(address, seal);
    }

    /** A stored shipping address with the receiver's phone number opened. */
    public static JsonObject shownAddress(JsonObject address, UnaryOperator<String> open) {
        return mapReceiver(address, open);
    }

    private static JsonObject mapReceiver(JsonObject address, UnaryOperator<String> f) {
        JsonObject receiver = object(address, "receiver");
        if (receiver == null) {
            return address;
        }
        JsonObjectBuilder r = Jsonp.object(receiver);
        phone(receiver, r, f);
        return Jsonp.object(address).add("receiver", r).build();
    }

    private static JsonObject mapUser(JsonObject body, UnaryOperator<JsonObject> f) {
        JsonObject cart = object(body, "cart");
        JsonObject user = cart == null ? null : object(cart, "user");
        if (user == null) {
            return body;
        }
        return Jsonp.object(body).add("cart", Jsonp.object(cart).add("user", f.apply(user))).build();
    }

    private static void phone(JsonObject holder, JsonObjectBuilder into, UnaryOperator<String> f) {
        if (holder.get("phoneNumber") instanceof JsonString phone) {
            into.add("phoneNumber", f.apply(phone.getString()));
        }
    }

    private static JsonObject object(JsonObject o, String name) {
        JsonValue v = o.get(name);
        return v instanceof JsonObject j ? j : null;
    }
}
