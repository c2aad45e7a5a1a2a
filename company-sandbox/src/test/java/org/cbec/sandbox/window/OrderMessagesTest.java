package org.cbec.sandbox.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.security.PublicKey;
import java.util.Optional;
import java.util.function.Function;
import org.cbec.plumbing.vectors.Vectors;
import org.junit.jupiter.api.Test;

/**
 * The window reads the order message of docs/companies/vectors/window/order-declare.txt (signed
 * there with xmlsec1) under the transmitting enterprise's registered key, and refuses it changed,
 * re-signed in another shape, or under a key it does not know.
 */
class OrderMessagesTest {

    private static final Vectors V = Vectors.read("window/order-declare.txt");
    private static final String SERIAL = V.get("key.serial");
    private static final Function<String, Optional<PublicKey>> KEYS = serial -> SERIAL.equals(serial)
            ? Optional.of(Vectors.publicKey("merchant")) : Optional.empty();

    private static OrderMessages.Refused refused(String xml) {
        return assertThrows(OrderMessages.Refused.class, () -> OrderMessages.read(xml, KEYS));
    }

    @Test
    void theKnownMessageIsTakenWithEveryFigureAsDeclared() throws Exception {
        OrderMessages.Declared d = OrderMessages.read(V.get("message.body"), KEYS);
        assertEquals(V.get("order.guid"), d.guid());
        assertEquals("1", d.appType());
        assertEquals("20261129103000", d.appTime(), "Beijing time");
        assertEquals(V.get("order.order-no"), d.orderNo());
        assertEquals(V.get("order.platform.code"), d.ebpCode());
        assertEquals(V.get("order.merchant.code"), d.ebcCode());
        assertEquals(new BigDecimal(V.get("order.goods-value")).movePointLeft(2), d.goodsValue());
        assertEquals(new BigDecimal(V.get("order.freight")).movePointLeft(2), d.freight());
        assertEquals(new BigDecimal(V.get("order.discount")).movePointLeft(2), d.discount());
        assertEquals(new BigDecimal(V.get("order.tax-total")).movePointLeft(2), d.taxTotal());
        assertEquals(new BigDecimal(V.get("order.actual-paid")).movePointLeft(2), d.acturalPaid());
        assertEquals("142", d.currency());
        assertEquals("1", d.buyerIdType());
        assertEquals(V.get("order.buyer.id-number"), d.buyerIdNumber());
        assertEquals(V.get("order.buyer.name"), d.buyerName());
        assertEquals(V.get("order.payer.code"), d.payCode());
        assertEquals(V.get("order.transaction-id"), d.payTransactionId());
        assertEquals(V.get("order.transmitter.code"), d.copCode());
        assertEquals(SERIAL, d.keySerial());
        assertEquals(2, d.lines().size());
        OrderMessages.Line first = d.lines().get(0);
        String[] f = V.get("order.goods.1").split("\\|");
        assertEquals(new OrderMessages.Line(1, f[0], f[1], f[3], Long.parseLong(f[2]), new BigDecimal(f[4]).movePointLeft(2),
                new BigDecimal(f[5]).movePointLeft(2), "142", f[6]), first);
        assertFalse(d.toString().contains(V.get("order.buyer.id-number")), "no ID number when logged");
    }

    @Test
    void aChangedFigureIsNotWhatWasSigned() {
        OrderMessages.Refused r = refused(V.get("message.body").replace("<ceb:acturalPaid>222.10<", "<ceb:acturalPaid>221.10<"));
        assertEquals("SIGNATURE", r.code());
        assertEquals("the message is not what was signed (its digest differs)", r.getMessage());
    }

    @Test
    void aSignatureNotOfTheEnterprisesKeyIsRefused() {
        String body = V.get("message.body");
        String sig = V.get("message.signature");
        // The first line of the signature's text, one character changed: the digest holds, the signature does not.
        String firstLine = body.substring(body.indexOf("<ds:SignatureValue>") + 19, body.indexOf("<ds:SignatureValue>") + 19 + 8);
        String other = body.replace(firstLine, (firstLine.charAt(0) == 'A' ? 'B' : 'A') + firstLine.substring(1));
        assertFalse(other.equals(body), sig);
        assertEquals("the signature does not hold under the enterprise's key", refused(other).getMessage());
        assertEquals("no key registered with serial 99999999", refused(body.replace(">" + SERIAL + "<", ">99999999<")).getMessage());
    }

    @Test
    void aSignatureOfAPartOrOfAnotherShapeIsRefusedBeforeItsValueIsChecked() {
        String body = V.get("message.body");
        assertEquals("the signature does not cover the whole message (reference \"\", the enveloped transform, SHA-256)",
                refused(body.replace("<ds:Reference URI=\"\">", "<ds:Reference URI=\"#order\">")).getMessage());
        assertEquals("the signature is not canonical XML 1.0 and RSA with SHA-256 over one reference",
                refused(body.replace("xmldsig-more#rsa-sha256", "xmldsig-more#rsa-sha512")).getMessage());
        String twice = body.replace("</ceb:BaseTransfer>", "</ceb:BaseTransfer><ds:Signature xmlns:ds=\"http://www.w3.org/2000/09/xmldsig#\"/>");
        assertEquals("the message must hold exactly one signature, as its own child; it holds 2", refused(twice).getMessage());
        String unsigned = body.replaceAll("(?s)<ds:Signature .*</ds:Signature>", "");
        assertEquals("the message must hold exactly one signature, as its own child; it holds 0", refused(unsigned).getMessage());
    }

    @Test
    void aDocumentTypeOrAnotherMessageIsNoOrderMessage() {
        OrderMessages.Refused dtd = refused("<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><x>&e;</x>");
        assertEquals("FORMAT", dtd.code());
        assertEquals("not an order message (CEB311Message)", refused(V.get("message.body").replace("CEB311Message", "CEB411Message")).getMessage());
    }
}
