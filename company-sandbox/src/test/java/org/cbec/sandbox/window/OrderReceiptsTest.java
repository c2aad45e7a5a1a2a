package org.cbec.sandbox.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.Base64;
import javax.xml.crypto.dsig.Reference;
import javax.xml.crypto.dsig.XMLSignature;
import javax.xml.crypto.dsig.XMLSignatureFactory;
import javax.xml.crypto.dsig.dom.DOMValidateContext;
import javax.xml.parsers.DocumentBuilderFactory;
import org.cbec.plumbing.vectors.Vectors;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.xml.sax.InputSource;

/**
 * The window's receipt as the sandbox writes and signs it, against the known answers of
 * docs/companies/vectors/window/order-receipt.txt (signed there with xmlsec1): what the digest
 * covers, the digest, the canonical SignedInfo and the signature, byte for byte.
 */
class OrderReceiptsTest {

    private static final Vectors V = Vectors.read("window/order-receipt.txt");

    private static String text(InputStream in) throws Exception {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void theReceiptAndItsSignatureAreTheKnownAnswersByteForByte() throws Exception {
        OrderReceipts.Receipt r = new OrderReceipts.Receipt(V.get("receipt.guid"), V.get("receipt.order-guid"), V.get("receipt.ebp-code"),
                V.get("receipt.ebc-code"), V.get("receipt.order-no"), V.get("receipt.status"), OffsetDateTime.parse(V.get("receipt.time")), V.get("receipt.info"));
        String sent = OrderReceipts.signed(r, Vectors.privateKey("company"), V.get("key.serial"));
        assertTrue(sent.startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"));
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.setNamespaceAware(true);
        Document doc = dbf.newDocumentBuilder().parse(new InputSource(new java.io.StringReader(sent)));
        DOMValidateContext check = new DOMValidateContext(Vectors.publicKey("company"),
                doc.getElementsByTagNameNS(OrderMessages.DS, "Signature").item(0));
        check.setProperty("javax.xml.crypto.dsig.cacheReference", Boolean.TRUE);
        XMLSignature signature = XMLSignatureFactory.getInstance("DOM").unmarshalXMLSignature(check);
        assertTrue(signature.validate(check));
        Reference whole = (Reference) signature.getSignedInfo().getReferences().get(0);
        assertEquals(V.get("message.canonical"), text(whole.getDigestInputStream()), "what the digest covers");
        assertEquals(V.get("message.digest"), Base64.getEncoder().encodeToString(whole.getDigestValue()));
        assertEquals(V.get("message.signed-info"), text(signature.getSignedInfo().getCanonicalizedData()));
        assertEquals(V.get("message.signature"), Base64.getEncoder().encodeToString(signature.getSignatureValue().getValue()));
    }
}
