package org.cbec.company.window;

import java.io.StringReader;
import java.io.StringWriter;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
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
import javax.xml.crypto.dsig.dom.DOMSignContext;
import javax.xml.crypto.dsig.dom.DOMValidateContext;
import javax.xml.crypto.dsig.keyinfo.KeyInfoFactory;
import javax.xml.crypto.dsig.spec.C14NMethodParameterSpec;
import javax.xml.crypto.dsig.spec.TransformParameterSpec;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * The single window's message signature: an enveloped XML signature over the whole message (the
 * reference {@code ""}, its one transform the enveloped signature's), canonical XML 1.0 without
 * comments, SHA-256, RSA with SHA-256 (RSASSA-PKCS1-v1_5) under the transmitting enterprise's key,
 * named by its serial in {@code KeyInfo}. The signature is the message's last element, indented as
 * its other children. The window signs its receipts the same way, under its own key ({@link #verified}). (The real single window signs with the enterprise's SM2 certificate; RSA
 * stands in for it here, as it does for the payment companies' keys.)
 */
public final class WindowSigning {

    static final String DS = "http://www.w3.org/2000/09/xmldsig#";
    private static final String DECLARATION = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

    private WindowSigning() {
    }

    /** {@code unsigned} (a message as {@link Ceb311} writes it) with its signature, as sent: UTF-8 text with its declaration. */
    public static String signed(String unsigned, PrivateKey key, String keySerial) {
        try {
            Document doc = parse(unsigned);
            Element root = doc.getDocumentElement();
            Node trailing = root.getLastChild();
            if (trailing == null || trailing.getNodeType() != Node.TEXT_NODE) {
                throw new IllegalArgumentException("not a message as Ceb311 writes it: no line end before its end tag");
            }
            root.insertBefore(doc.createTextNode("\n    "), trailing);
            XMLSignatureFactory f = XMLSignatureFactory.getInstance("DOM");
            Reference whole = f.newReference("", f.newDigestMethod(DigestMethod.SHA256, null),
                    List.of(f.newTransform(Transform.ENVELOPED, (TransformParameterSpec) null)), null, null);
            SignedInfo info = f.newSignedInfo(f.newCanonicalizationMethod(CanonicalizationMethod.INCLUSIVE, (C14NMethodParameterSpec) null),
                    f.newSignatureMethod(SignatureMethod.RSA_SHA256, null), List.of(whole));
            KeyInfoFactory keys = f.getKeyInfoFactory();
            DOMSignContext at = new DOMSignContext(key, root, trailing);
            at.setDefaultNamespacePrefix("ds");
            f.newXMLSignature(info, keys.newKeyInfo(List.of(keys.newKeyName(keySerial)))).sign(at);
            return DECLARATION + text(doc);
        } catch (GeneralSecurityException | MarshalException | XMLSignatureException e) {
            throw new IllegalStateException("the order message could not be signed", e);
        }
    }

    /** A message from the window that is not taken: unreadable, not signed in the one shape, or not by the window's key. */
    public static final class Unverified extends Exception {
        public Unverified(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * {@code xml} as a DOM, once its signature holds: its root {@code ceb:<root>}, one signature as
     * the root's own child, in the shape {@link #signed} makes (any other method, reference or
     * transform refused before its value is checked, so that a signature of a part cannot pass for
     * one of the whole), under {@code keys}' key of the serial it names.
     */
    static Document verified(String xml, String root, Function<String, Optional<PublicKey>> keys) throws Unverified {
        Document doc;
        try {
            doc = parse(xml);
        } catch (IllegalArgumentException e) {
            throw new Unverified(e.getMessage());
        }
        Element top = doc.getDocumentElement();
        if (!Ceb311.NAMESPACE.equals(top.getNamespaceURI()) || !root.equals(top.getLocalName())) {
            throw new Unverified("not a " + root);
        }
        NodeList all = doc.getElementsByTagNameNS(DS, "Signature");
        if (all.getLength() != 1 || all.item(0).getParentNode() != top) {
            throw new Unverified("the message must hold exactly one signature, as its own child; it holds " + all.getLength());
        }
        Element at = (Element) all.item(0);
        NodeList names = at.getElementsByTagNameNS(DS, "KeyName");
        if (names.getLength() != 1) {
            throw new Unverified("the signature names no key");
        }
        String serial = names.item(0).getTextContent().trim();
        PublicKey key = keys.apply(serial).orElseThrow(() -> new Unverified("no window key with serial " + serial));
        try {
            DOMValidateContext check = new DOMValidateContext(key, at);
            check.setProperty("org.jcp.xml.dsig.secureValidation", Boolean.TRUE);
            XMLSignature signature = XMLSignatureFactory.getInstance("DOM").unmarshalXMLSignature(check);
            SignedInfo info = signature.getSignedInfo();
            if (!CanonicalizationMethod.INCLUSIVE.equals(info.getCanonicalizationMethod().getAlgorithm())
                    || !SignatureMethod.RSA_SHA256.equals(info.getSignatureMethod().getAlgorithm()) || info.getReferences().size() != 1) {
                throw new Unverified("the signature is not canonical XML 1.0 and RSA with SHA-256 over one reference");
            }
            Reference whole = (Reference) info.getReferences().get(0);
            List<?> transforms = whole.getTransforms();
            if (!"".equals(whole.getURI()) || !DigestMethod.SHA256.equals(whole.getDigestMethod().getAlgorithm()) || transforms.size() != 1
                    || !Transform.ENVELOPED.equals(((Transform) transforms.get(0)).getAlgorithm())) {
                throw new Unverified("the signature does not cover the whole message");
            }
            if (!signature.validate(check)) {
                throw new Unverified(whole.validate(check) ? "the signature does not hold under the window's key"
                        : "the message is not what was signed (its digest differs)");
            }
            return doc;
        } catch (MarshalException | XMLSignatureException | ClassCastException e) {
            throw new Unverified("the signature cannot be read: " + e.getMessage());
        }
    }

    /** A namespace-aware DOM of {@code xml}, refusing any document type declaration (no entity is ever expanded). */
    static Document parse(String xml) {
        try {
            DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
            dbf.setNamespaceAware(true);
            dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            dbf.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            dbf.setExpandEntityReferences(false);
            return dbf.newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
        } catch (ParserConfigurationException | SAXException | java.io.IOException e) {
            throw new IllegalArgumentException("not a readable XML message: " + e.getMessage(), e);
        }
    }

    private static String text(Document doc) {
        try {
            Transformer t = TransformerFactory.newInstance().newTransformer();
            t.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
            t.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            StringWriter out = new StringWriter();
            t.transform(new DOMSource(doc), new StreamResult(out));
            return out.toString();
        } catch (TransformerException e) {
            throw new IllegalStateException("the signed message could not be written", e);
        }
    }
}
