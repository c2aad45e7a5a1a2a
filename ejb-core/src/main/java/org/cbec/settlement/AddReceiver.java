package org.cbec.settlement;

import jakarta.validation.constraints.Pattern;
import org.cbec.platform.validation.CheckOrder;
import org.cbec.platform.validation.OneOf;
import org.cbec.platform.validation.PlainText;
import org.cbec.platform.validation.Required;
import org.cbec.payment.PaymentFormats;
import org.cbec.payment.PaymentMethod;

/**
 * The body of POST /settlement/receiver/{merchant}: a receiver of split money registered at one
 * company. {@code name} is required for a MERCHANT (its full registered name) and optional for a
 * PERSONAL receiver; it goes to the company (encrypted to alphapay) and is kept only masked.
 * {@code customRelation} is given with, and only with, the relation type CUSTOM.
 */
@CheckOrder({"paymentMethod", "type", "account", "name", "relationType", "customRelation"})
public record AddReceiver(
        @Required @PaymentMethod String paymentMethod,
        @Required @OneOf(value = {"MERCHANT", "PERSONAL"}, message = "must be MERCHANT or PERSONAL") String type,
        @Required @Pattern(regexp = PaymentFormats.RECEIVER_ACCOUNT, message = PaymentFormats.RECEIVER_ACCOUNT_RULE) String account,
        @PlainText(max = 64) String name,
        @Required @OneOf(value = {"SERVICE_PROVIDER", "STORE", "STAFF", "STORE_OWNER", "PARTNER", "HEADQUARTER", "BRAND", "DISTRIBUTOR",
                "USER", "SUPPLIER", "CUSTOM"}, message = "must be one of SERVICE_PROVIDER, STORE, STAFF, STORE_OWNER, PARTNER, "
                        + "HEADQUARTER, BRAND, DISTRIBUTOR, USER, SUPPLIER, CUSTOM") String relationType,
        @PlainText(max = 10) String customRelation) {

    /** Never shows the name. */
    @Override
    public String toString() {
        return "AddReceiver[" + paymentMethod + ", " + type + ", " + account + ", " + relationType + "]";
    }
}
