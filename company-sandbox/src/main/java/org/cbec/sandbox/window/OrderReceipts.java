package org.cbec.sandbox.window;

import java.io.StringWriter;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import javax.xml.crypto.MarshalException;
import javax.xml.crypto.dsig.CanonicalizationMethod;
import javax.xml.crypto.dsig.DigestMethod;
import javax.xml.crypto.dsig.SignatureMethod;
import javax.xml.crypto.dsig.Transform;
import javax.xml.crypto.dsig.XMLSignatureException;
import javax.xml.crypto.dsig.XMLSignatureFactory;
import javax.xml.crypto.dsig.dom.DOMSignContext;
import javax.xml.crypto.dsig.keyinfo.KeyInfoFactory;
import javax.xml.crypto.dsig.spec.C14NMethodParameterSpec;
import javax.xml.crypto.dsig.spec.TransformParameterSpec;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The window's receipt of an order (CEB312), written as docs/companies/single-window.md gives it
 * (indented by four spaces, its time {@code yyyyMMddHHmmssSSS} in Beijing time) and signed by the
 * window as an order is by its sender: an enveloped signature of the whole message, canonical XML
 * 1.0, RSA with SHA-256, the window's key named by its serial.
 */
public final class OrderReceipts {

    private static final DateTimeFormatter RETURN_TIME = DateTimeFormatter.ofPattern("uuuuMMddHHmmssSSS");

    private OrderReceipts() {
    }

    /** A receipt: {@code status} customs' code (2, 120, 100, 800, …), {@code info} its words. */
    public record Receipt(String guid, String orderGuid, String ebpCode, String ebcCode, String orderNo, String status, OffsetDateTime time,
            String info) {
    }

    /** {@code r} as sent: UTF-8 text with its declaration, signed under {@code key} named {@code serial}. */
    public static String signed(Receipt r, PrivateKey key, String serial) {
        String text = "<ceb:CEB312Message xmlns:ceb=\"" + OrderMessages.CEB + "\" guid=\"" + escape(r.guid()) + "\" version=\"1.0\">\n"
                + "    <ceb:OrderReturn>\n"
                + element("guid", r.orderGuid()) + element("ebpCode", r.ebpCode()) + element("ebcCode", r.ebcCode())
                + element("orderNo", r.orderNo()) + element("returnStatus", r.status())
                + element("returnTime", RETURN_TIME.format(r.time().withOffsetSameInstant(ZoneOffset.ofHours(8))))
                + element("returnInfo", r.info())
                + "    </ceb:OrderReturn>\n"
                + "</ceb:CEB312Message>";
        try {
            Document doc = OrderMessages.parse(text);
            Element root = doc.getDocumentElement();
            Node trailing = root.getLastChild();
            root.insertBefore(doc.createTextNode("\n    "), trailing);
            XMLSignatureFactory f = XMLSignatureFactory.getInstance("DOM");
            KeyInfoFactory keys = f.getKeyInfoFactory();
            DOMSignContext at = new DOMSignContext(key, root, trailing);
            at.setDefaultNamespacePrefix("ds");
            f.newXMLSignature(f.newSignedInfo(f.newCanonicalizationMethod(CanonicalizationMethod.INCLUSIVE, (C14NMethodParameterSpec) null),
                    f.newSignatureMethod(SignatureMethod.RSA_SHA256, null), List.of(f.newReference("", f.newDigestMethod(DigestMethod.SHA256, null),
                            List.of(f.newTransform(Transform.ENVELOPED, (TransformParameterSpec) null)), null, null))),
                    keys.newKeyInfo(List.of(keys.newKeyName(serial)))).sign(at);
            var out = new StringWriter();
            var t = TransformerFactory.newInstance().newTransformer();
            t.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
            t.transform(new DOMSource(doc), new StreamResult(out));
            return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + out;
        } catch (GeneralSecurityException | MarshalException | XMLSignatureException | TransformerException | OrderMessages.Refused e) {
            throw new IllegalStateException("the receipt could not be signed", e);
        }
    }

    private static String element(String name, String value) {
        return "        <ceb:" + name + ">" + escape(value) + "</ceb:" + name + ">\n";
    }

    private static String escape(String value) {
        return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
