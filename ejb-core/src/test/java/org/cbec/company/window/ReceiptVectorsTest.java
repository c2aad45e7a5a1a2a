package org.cbec.company.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.security.PublicKey;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.function.Function;
import org.cbec.company.CustomsReceipt;
import org.cbec.company.KnownKeys;
import org.cbec.plumbing.vectors.Vectors;
import org.junit.jupiter.api.Test;

/**
 * The window's receipt (CEB312) as the broker reads it, against docs/companies/vectors/window/order-receipt.txt
 * (signed there with xmlsec1 under the key standing for the window's): taken with every field as
 * sent; refused changed, signed by a key the broker does not hold for the window, or signed in
 * another shape.
 */
class ReceiptVectorsTest {

    private static final Vectors V = Vectors.read("window/order-receipt.txt");
    private static final Function<String, Optional<PublicKey>> WINDOW = serial -> V.get("key.serial").equals(serial)
            ? Optional.of(KnownKeys.companyPublic()) : Optional.empty();

    private static String refusal(String xml, Function<String, Optional<PublicKey>> keys) {
        return assertThrows(WindowSigning.Unverified.class, () -> Ceb312.read(xml, keys)).getMessage();
    }

    @Test
    void theKnownReceiptIsReadWithEveryField() throws Exception {
        CustomsReceipt r = Ceb312.read(V.get("message.body"), WINDOW);
        assertEquals(new CustomsReceipt(V.get("receipt.guid"), V.get("receipt.order-guid"), V.get("receipt.ebp-code"), V.get("receipt.ebc-code"),
                V.get("receipt.order-no"), V.get("receipt.status"), OffsetDateTime.parse(V.get("receipt.time")), V.get("receipt.info")), r);
    }

    @Test
    void aChangedOrForeignOrOtherwiseShapedReceiptIsRefused() {
        String body = V.get("message.body");
        assertEquals("the message is not what was signed (its digest differs)",
                refusal(body.replace("<ceb:returnStatus>100<", "<ceb:returnStatus>800<"), WINDOW));
        assertEquals("the signature does not hold under the window's key", refusal(body, serial -> Optional.of(KnownKeys.merchantPublic())));
        assertEquals("no window key with serial " + V.get("key.serial"), refusal(body, serial -> Optional.empty()));
        assertEquals("the signature does not cover the whole message", refusal(body.replace("<ds:Reference URI=\"\">",
                "<ds:Reference URI=\"#r\">"), WINDOW));
        assertEquals("not a CEB312Message", refusal(Vectors.read("window/order-declare.txt").get("message.body"), WINDOW));
    }
}
