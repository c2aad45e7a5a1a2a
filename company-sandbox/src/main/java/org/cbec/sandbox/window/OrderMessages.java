package org.cbec.sandbox.window;

import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import javax.xml.XMLConstants;
import javax.xml.crypto.MarshalException;
import javax.xml.crypto.dsig.CanonicalizationMethod;
import javax.xml.crypto.dsig.DigestMethod;
import javax.xml.crypto.dsig.Reference;
import javax.xml.crypto.dsig.SignatureMethod;
import javax.xml.crypto.dsig.SignedInfo;
import javax.xml.crypto.dsig.Transform;
import javax.xml.crypto.dsig.XMLSignature;
import javax.xml.crypto.dsig.XMLSignatureException;
import javax.xml.crypto.dsig.XMLSignatureFactory;
import javax.xml.crypto.dsig.dom.DOMValidateContext;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * Reads an order message (CEB311) as the window takes it: a namespace-aware parse that refuses any
 * document type declaration, then the signature (the message's own child, exactly one; canonical
 * XML 1.0, RSA with SHA-256, one reference to the whole message whose one transform is the
 * enveloped signature's, SHA-256; the key named by the serial the enterprise registered), then
 * the order. A message refused says why in a {@link Refused}, its code the receipt's.
 */
public final class OrderMessages {

    static final String CEB = "http://www.chinaport.gov.cn/ceb";
    static final String DS = "http://www.w3.org/2000/09/xmldsig#";

    private OrderMessages() {
    }

    /** Why a message was not taken: {@code code} SIGNATURE (no signature that holds) or FORMAT (not an order message). */
    public static final class Refused extends Exception {
        private final String code;

        Refused(String code, String message) {
            super(message, null, false, false);
            this.code = code;
        }

        public String code() {
            return code;
        }
    }

    /** A goods line as declared; prices in yuan as written. */
    public record Line(int gnum, String itemNo, String itemName, String unit, long qty, BigDecimal price, BigDecimal totalPrice,
            String currency, String country) {
    }

    /**
     * An order as declared: amounts in yuan as written. {@code buyerIdNumber} and {@code buyerName}
     * are personal data: compared with the payment's, never logged ({@link #toString()} leaves them out).
     */
    public record Declared(String guid, String appType, String appTime, String orderNo, String ebpCode, String ebcCode,
            BigDecimal goodsValue, BigDecimal freight, BigDecimal discount, BigDecimal taxTotal, BigDecimal acturalPaid, String currency,
            String buyerIdType, String buyerIdNumber, String buyerName, String payCode, String payTransactionId, List<Line> lines,
            String copCode, String keySerial) {

        @Override
        public String toString() {
            return "Declared[" + orderNo + " of " + ebpCode + " by " + copCode + "]";
        }
    }

    /**
     * A message opened but not yet trusted: its signature element, the serial of the key it names
     * and the order number it gives (unchecked, null when it gives none), so that the window can
     * find the enterprise, and what a test arranged for the order, before it checks the signature.
     */
    public static final class Opened {
        private final Element root;
        private final Element signature;
        private final String serial;
        private final String orderNo;

        private Opened(Element root, Element signature, String serial, String orderNo) {
            this.root = root;
            this.signature = signature;
            this.serial = serial;
            this.orderNo = orderNo;
        }

        public String serial() {
            return serial;
        }

        public String orderNo() {
            return orderNo;
        }
    }

    /** The order in {@code xml}, once its signature holds under {@code keys}' key of the serial it names. */
    public static Declared read(String xml, Function<String, Optional<PublicKey>> keys) throws Refused {
        Opened m = open(xml);
        PublicKey key = keys.apply(m.serial()).orElseThrow(() -> new Refused("SIGNATURE", "no key registered with serial " + m.serial()));
        return read(m, key);
    }

    /** Parses an order message and finds its signature and the key it names, checking nothing else yet. */
    public static Opened open(String xml) throws Refused {
        Document doc = parse(xml);
        Element root = doc.getDocumentElement();
        if (!CEB.equals(root.getNamespaceURI()) || !"CEB311Message".equals(root.getLocalName())) {
            throw new Refused("FORMAT", "not an order message (CEB311Message)");
        }
        Element signature = signature(doc, root);
        String orderNo;
        try {
            orderNo = text(child(child(root, "Order"), "OrderHead"), "orderNo");
        } catch (Refused e) {
            orderNo = null;
        }
        return new Opened(root, signature, keyName(signature), orderNo);
    }

    /** The order of an opened message, once its signature holds under {@code key}. */
    public static Declared read(Opened m, PublicKey key) throws Refused {
        verify(m.signature, key);
        return order(m.root, m.serial);
    }

    /** A namespace-aware DOM of {@code xml}, refusing any document type declaration (no entity is ever expanded). */
    static Document parse(String xml) throws Refused {
        try {
            DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
            dbf.setNamespaceAware(true);
            dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            dbf.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            dbf.setExpandEntityReferences(false);
            return dbf.newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
        } catch (SAXException | IOException e) {
            throw new Refused("FORMAT", "not readable XML: " + e.getMessage());
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Element signature(Document doc, Element root) throws Refused {
        NodeList all = doc.getElementsByTagNameNS(DS, "Signature");
        if (all.getLength() != 1 || all.item(0).getParentNode() != root) {
            throw new Refused("SIGNATURE", "the message must hold exactly one signature, as its own child; it holds " + all.getLength());
        }
        return (Element) all.item(0);
    }

    private static String keyName(Element signature) throws Refused {
        NodeList names = signature.getElementsByTagNameNS(DS, "KeyName");
        if (names.getLength() != 1 || names.item(0).getTextContent().isBlank()) {
            throw new Refused("SIGNATURE", "the signature names no key (KeyInfo/KeyName)");
        }
        return names.item(0).getTextContent().trim();
    }

    private static void verify(Element at, PublicKey key) throws Refused {
        try {
            DOMValidateContext check = new DOMValidateContext(key, at);
            check.setProperty("org.jcp.xml.dsig.secureValidation", Boolean.TRUE);
            XMLSignature signature = XMLSignatureFactory.getInstance("DOM").unmarshalXMLSignature(check);
            SignedInfo info = signature.getSignedInfo();
            if (!CanonicalizationMethod.INCLUSIVE.equals(info.getCanonicalizationMethod().getAlgorithm())
                    || !SignatureMethod.RSA_SHA256.equals(info.getSignatureMethod().getAlgorithm()) || info.getReferences().size() != 1) {
                throw new Refused("SIGNATURE", "the signature is not canonical XML 1.0 and RSA with SHA-256 over one reference");
            }
            Reference whole = (Reference) info.getReferences().get(0);
            List<?> transforms = whole.getTransforms();
            if (!"".equals(whole.getURI()) || !DigestMethod.SHA256.equals(whole.getDigestMethod().getAlgorithm()) || transforms.size() != 1
                    || !Transform.ENVELOPED.equals(((Transform) transforms.get(0)).getAlgorithm())) {
                throw new Refused("SIGNATURE", "the signature does not cover the whole message (reference \"\", the enveloped transform, SHA-256)");
            }
            if (!signature.validate(check)) {
                throw new Refused("SIGNATURE", whole.validate(check) ? "the signature does not hold under the enterprise's key"
                        : "the message is not what was signed (its digest differs)");
            }
        } catch (MarshalException | XMLSignatureException | ClassCastException e) {
            throw new Refused("SIGNATURE", "the signature cannot be read: " + e.getMessage());
        }
    }

    private static Declared order(Element root, String serial) throws Refused {
        Element order = child(root, "Order");
        Element head = child(order, "OrderHead");
        List<Line> lines = new ArrayList<>();
        for (Node n = order.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && CEB.equals(e.getNamespaceURI()) && "OrderList".equals(e.getLocalName())) {
                lines.add(new Line(Integer.parseInt(text(e, "gnum")), text(e, "itemNo"), text(e, "itemName"), text(e, "unit"),
                        Long.parseLong(text(e, "qty")), yuan(e, "price"), yuan(e, "totalPrice"), text(e, "currency"), text(e, "country")));
            }
        }
        Element transfer = child(root, "BaseTransfer");
        return new Declared(text(head, "guid"), text(head, "appType"), text(head, "appTime"), text(head, "orderNo"), text(head, "ebpCode"),
                text(head, "ebcCode"), yuan(head, "goodsValue"), yuan(head, "freight"), yuan(head, "discount"), yuan(head, "taxTotal"),
                yuan(head, "acturalPaid"), text(head, "currency"), text(head, "buyerIdType"), text(head, "buyerIdNumber"),
                text(head, "buyerName"), text(head, "payCode"), text(head, "payTransactionId"), List.copyOf(lines), text(transfer, "copCode"),
                serial);
    }

    private static Element child(Element parent, String name) throws Refused {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && CEB.equals(e.getNamespaceURI()) && name.equals(e.getLocalName())) {
                return e;
            }
        }
        throw new Refused("FORMAT", "the message has no " + name);
    }

    private static String text(Element parent, String name) throws Refused {
        return child(parent, name).getTextContent();
    }

    /** A figure in yuan, at most 5 decimals (the standard's N19,5). */
    private static BigDecimal yuan(Element parent, String name) throws Refused {
        String t = text(parent, name);
        if (!t.matches("\\d{1,14}(\\.\\d{1,5})?")) {
            throw new Refused("FORMAT", name + " is not an amount in yuan: " + t);
        }
        return new BigDecimal(t);
    }
}
