package org.cbec.company.window;

import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlRootElement;
import jakarta.xml.bind.annotation.XmlType;
import java.security.PublicKey;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.function.Function;
import org.cbec.company.CustomsReceipt;
import org.w3c.dom.Document;

/**
 * The order's receipt message, CEB312, as the window sends it: read only once its signature holds
 * under the window's key ({@link WindowSigning#verified}), its time {@code yyyyMMddHHmmssSSS} in
 * Beijing time.
 */
public final class Ceb312 {

    private static final DateTimeFormatter RETURN_TIME = DateTimeFormatter.ofPattern("uuuuMMddHHmmssSSS");
    private static final JAXBContext CONTEXT = context();

    private Ceb312() {
    }

    /** The receipt in {@code xml}; {@code keys}: the window's public key by the serial its signature names. */
    public static CustomsReceipt read(String xml, Function<String, Optional<PublicKey>> keys) throws WindowSigning.Unverified {
        Document doc = WindowSigning.verified(xml, "CEB312Message", keys);
        Message m;
        try {
            m = (Message) CONTEXT.createUnmarshaller().unmarshal(doc);
        } catch (JAXBException e) {
            throw new WindowSigning.Unverified("not a receipt message: " + e.getMessage());
        }
        Return r = m.orderReturn;
        if (r == null || r.orderNo == null || r.returnStatus == null || r.returnTime == null) {
            throw new WindowSigning.Unverified("the receipt has no OrderReturn with orderNo, returnStatus and returnTime");
        }
        return new CustomsReceipt(m.guid, r.guid, r.ebpCode, r.ebcCode, r.orderNo, r.returnStatus, time(r.returnTime), r.returnInfo);
    }

    private static OffsetDateTime time(String text) throws WindowSigning.Unverified {
        try {
            return LocalDateTime.parse(text, RETURN_TIME).atOffset(ZoneOffset.ofHours(8));
        } catch (DateTimeParseException e) {
            throw new WindowSigning.Unverified("returnTime is not yyyyMMddHHmmssSSS: " + text);
        }
    }

    private static JAXBContext context() {
        try {
            return JAXBContext.newInstance(Message.class);
        } catch (JAXBException e) {
            throw new IllegalStateException("the receipt message's mapping is broken", e);
        }
    }

    @XmlRootElement(name = "CEB312Message")
    @XmlAccessorType(XmlAccessType.FIELD)
    public static class Message {
        @XmlAttribute
        String guid;
        @XmlAttribute
        String version;
        @XmlElement(name = "OrderReturn")
        Return orderReturn;
    }

    @XmlAccessorType(XmlAccessType.FIELD)
    @XmlType(propOrder = {"guid", "ebpCode", "ebcCode", "orderNo", "returnStatus", "returnTime", "returnInfo"})
    public static class Return {
        String guid;
        String ebpCode;
        String ebcCode;
        String orderNo;
        String returnStatus;
        String returnTime;
        String returnInfo;
    }
}
