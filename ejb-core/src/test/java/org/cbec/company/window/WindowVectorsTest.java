package org.cbec.company.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import javax.xml.crypto.dsig.Reference;
import javax.xml.crypto.dsig.XMLSignature;
import javax.xml.crypto.dsig.XMLSignatureFactory;
import javax.xml.crypto.dsig.dom.DOMValidateContext;
import org.cbec.company.CustomsOrder;
import org.cbec.company.KnownKeys;
import org.cbec.plumbing.vectors.Vectors;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The order message (CEB311) and its signature as the broker writes them, against the known
 * answers of docs/companies/vectors/window/order-declare.txt (signed there with xmlsec1, from a
 * template written by hand): the text the digest covers, the digest, the canonical SignedInfo and
 * the signature, each byte for byte.
 */
class WindowVectorsTest {

    private static final Vectors V = Vectors.read("window/order-declare.txt");

    static CustomsOrder order(Vectors v) {
        List<CustomsOrder.Line> goods = new ArrayList<>();
        for (int i = 1; v.values().containsKey("order.goods." + i); i++) {
            String[] f = v.get("order.goods." + i).split("\\|");
            goods.add(new CustomsOrder.Line(f[0], f[1], Long.parseLong(f[2]), f[3], Long.parseLong(f[4]), Long.parseLong(f[5]), f[6]));
        }
        return new CustomsOrder(v.get("order.guid"), Boolean.parseBoolean(v.get("order.modify")), OffsetDateTime.parse(v.get("order.app-time")),
                v.get("order.order-no"), new CustomsOrder.Party(v.get("order.platform.code"), v.get("order.platform.name")),
                new CustomsOrder.Party(v.get("order.merchant.code"), v.get("order.merchant.name")),
                new CustomsOrder.Amounts(Long.parseLong(v.get("order.goods-value")), Long.parseLong(v.get("order.freight")),
                        Long.parseLong(v.get("order.discount")), Long.parseLong(v.get("order.tax-total")), Long.parseLong(v.get("order.actual-paid"))),
                new CustomsOrder.Buyer(v.get("order.buyer.reg-no"), v.get("order.buyer.name"), v.get("order.buyer.telephone"),
                        v.get("order.buyer.id-type"), v.get("order.buyer.id-number")),
                new CustomsOrder.Party(v.get("order.payer.code"), v.get("order.payer.name")), v.get("order.transaction-id"),
                new CustomsOrder.Consignee(v.get("order.consignee.name"), v.get("order.consignee.telephone"), v.get("order.consignee.address")),
                goods, new CustomsOrder.Party(v.get("order.transmitter.code"), v.get("order.transmitter.name")), v.get("order.dxp-id"));
    }

    /** The signed message as sent, checked with the enterprise's public key: its digest's input and canonical SignedInfo kept. */
    private static XMLSignature validated(String sent) throws Exception {
        Document doc = WindowSigning.parse(sent);
        NodeList signatures = doc.getElementsByTagNameNS(WindowSigning.DS, "Signature");
        assertEquals(1, signatures.getLength(), "one signature");
        DOMValidateContext check = new DOMValidateContext(KnownKeys.merchantPublic(), signatures.item(0));
        check.setProperty("javax.xml.crypto.dsig.cacheReference", Boolean.TRUE);
        XMLSignature signature = XMLSignatureFactory.getInstance("DOM").unmarshalXMLSignature(check);
        assertTrue(signature.validate(check), "the signature holds under the enterprise's public key");
        return signature;
    }

    private static String text(InputStream in) throws Exception {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void theOrderMessageAndItsSignatureAreTheKnownAnswersByteForByte() throws Exception {
        String sent = WindowSigning.signed(Ceb311.unsigned(order(V)), KnownKeys.merchantPrivate(), V.get("key.serial"));
        XMLSignature signature = validated(sent);
        Reference whole = (Reference) signature.getSignedInfo().getReferences().get(0);
        assertEquals("", whole.getURI(), "the whole message is signed");
        assertEquals(V.get("message.canonical"), text(whole.getDigestInputStream()), "what the digest covers");
        assertEquals(V.get("message.digest"), java.util.Base64.getEncoder().encodeToString(whole.getDigestValue()));
        assertEquals(V.get("message.signed-info"), text(signature.getSignedInfo().getCanonicalizedData()), "the canonical SignedInfo");
        assertEquals(V.get("message.signature"), java.util.Base64.getEncoder().encodeToString(signature.getSignatureValue().getValue()));
        Element root = WindowSigning.parse(sent).getDocumentElement();
        assertEquals(Ceb311.NAMESPACE, root.getNamespaceURI());
        assertEquals("CEB311Message", root.getLocalName());
        assertTrue(sent.startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"), "UTF-8, declared");
        assertTrue(sent.contains("<ds:KeyName>" + V.get("key.serial") + "</ds:KeyName>"), "the key named by its serial");
    }

    @Test
    void theVectorsOwnMessageHoldsUnderTheEnterprisesKeyAndAChangedAmountDoesNot() throws Exception {
        validated(V.get("message.body"));
        String changed = V.get("message.body").replace("<ceb:acturalPaid>222.10<", "<ceb:acturalPaid>221.10<");
        assertFalse(changed.equals(V.get("message.body")));
        Document doc = WindowSigning.parse(changed);
        DOMValidateContext check = new DOMValidateContext(KnownKeys.merchantPublic(),
                doc.getElementsByTagNameNS(WindowSigning.DS, "Signature").item(0));
        assertFalse(XMLSignatureFactory.getInstance("DOM").unmarshalXMLSignature(check).validate(check), "a changed amount breaks the digest");
    }

    @Test
    void amountsAreYuanWithTwoDecimalsAndAChangeIsAppTypeTwo() {
        assertEquals("0.01", Ceb311.yuan(1));
        assertEquals("222.10", Ceb311.yuan(22210));
        assertEquals("0.00", Ceb311.yuan(0));
        CustomsOrder o = order(V);
        CustomsOrder change = new CustomsOrder(o.guid(), true, o.appTime(), o.orderNo(), o.platform(), o.merchant(), o.amounts(), o.buyer(),
                o.payer(), o.transactionId(), o.consignee(), o.goods(), o.transmitter(), o.dxpId());
        assertTrue(Ceb311.unsigned(change).contains("<ceb:appType>2</ceb:appType>"));
        assertTrue(Ceb311.unsigned(o).contains("<ceb:appType>1</ceb:appType>"));
    }

    @Test
    void anOrderShowsNoPersonalDataWhenLoggedAndADocumentTypeIsRefused() {
        String shown = order(V).toString();
        for (String secret : List.of(V.get("order.buyer.id-number"), V.get("order.buyer.name"), V.get("order.buyer.telephone"),
                V.get("order.consignee.address"))) {
            assertFalse(shown.contains(secret), shown);
        }
        IllegalArgumentException refused = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> WindowSigning.parse("<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><x>&e;</x>"));
        assertTrue(refused.getMessage().startsWith("not a readable XML message"), refused.getMessage());
    }
}
