package org.cbec.company.window;

import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.bind.Marshaller;
import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlRootElement;
import jakarta.xml.bind.annotation.XmlType;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.cbec.company.CustomsOrder;

/**
 * The customs order message, CEB311, in the standard's element names and order (its misspelt
 * {@code acturalPaid} included), as Jakarta XML Binding writes it: amounts in yuan with two
 * decimals, currency 142 (CNY), times {@code yyyyMMddHHmmss} in Beijing time, an import order
 * ({@code orderType} I) declared at once ({@code appStatus} 2), {@code appType} 1 for a new order and
 * 2 for a change. The elements the broker has nothing for (a goods line's model and bar code, the
 * notes) are left out. The text is signed as written ({@link WindowSigning}): whitespace included.
 */
public final class Ceb311 {

    public static final String NAMESPACE = "http://www.chinaport.gov.cn/ceb";
    static final String VERSION = "1.0";
    static final String CNY = "142";
    private static final DateTimeFormatter APP_TIME = DateTimeFormatter.ofPattern("uuuuMMddHHmmss");
    private static final ZoneOffset BEIJING = ZoneOffset.ofHours(8);
    private static final JAXBContext CONTEXT = context();

    private Ceb311() {
    }

    /** The message of {@code o}, unsigned: XML binding's indented text with its declaration. */
    public static String unsigned(CustomsOrder o) {
        try {
            Marshaller m = CONTEXT.createMarshaller();
            m.setProperty(Marshaller.JAXB_FORMATTED_OUTPUT, true);
            m.setProperty(Marshaller.JAXB_ENCODING, "UTF-8");
            StringWriter out = new StringWriter();
            m.marshal(message(o), out);
            return out.toString();
        } catch (JAXBException e) {
            throw new IllegalStateException("the order message could not be written: " + o, e);
        }
    }

    static Message message(CustomsOrder o) {
        Head h = new Head();
        h.guid = o.guid();
        h.appType = o.modify() ? "2" : "1";
        h.appTime = APP_TIME.format(o.appTime().withOffsetSameInstant(BEIJING));
        h.appStatus = "2";
        h.orderType = "I";
        h.orderNo = o.orderNo();
        h.ebpCode = o.platform().code();
        h.ebpName = o.platform().name();
        h.ebcCode = o.merchant().code();
        h.ebcName = o.merchant().name();
        h.goodsValue = yuan(o.amounts().goodsValue());
        h.freight = yuan(o.amounts().freight());
        h.discount = yuan(o.amounts().discount());
        h.taxTotal = yuan(o.amounts().taxTotal());
        h.acturalPaid = yuan(o.amounts().actualPaid());
        h.currency = CNY;
        h.buyerRegNo = o.buyer().regNo();
        h.buyerName = o.buyer().name();
        h.buyerTelephone = o.buyer().telephone();
        h.buyerIdType = "IDCARD".equals(o.buyer().idType()) ? "1" : "2";
        h.buyerIdNumber = o.buyer().idNumber();
        h.payCode = o.payer().code();
        h.payName = o.payer().name();
        h.payTransactionId = o.transactionId();
        h.consignee = o.consignee().name();
        h.consigneeTelephone = o.consignee().telephone();
        h.consigneeAddress = o.consignee().address();
        Order order = new Order();
        order.head = h;
        order.lines = new ArrayList<>();
        int gnum = 1;
        for (CustomsOrder.Line l : o.goods()) {
            Line x = new Line();
            x.gnum = Integer.toString(gnum++);
            x.itemNo = l.itemNo();
            x.itemName = l.itemName();
            x.unit = l.unit();
            x.qty = Long.toString(l.quantity());
            x.price = yuan(l.price());
            x.totalPrice = yuan(l.totalPrice());
            x.currency = CNY;
            x.country = l.country();
            order.lines.add(x);
        }
        Transfer t = new Transfer();
        t.copCode = o.transmitter().code();
        t.copName = o.transmitter().name();
        t.dxpMode = "DXP";
        t.dxpId = o.dxpId();
        Message m = new Message();
        m.guid = o.guid();
        m.version = VERSION;
        m.order = order;
        m.transfer = t;
        return m;
    }

    /** Fen as yuan with two decimals: 12345 is 123.45. */
    static String yuan(long fen) {
        return BigDecimal.valueOf(fen, 2).toPlainString();
    }

    private static JAXBContext context() {
        try {
            return JAXBContext.newInstance(Message.class);
        } catch (JAXBException e) {
            throw new IllegalStateException("the customs order message's mapping is broken", e);
        }
    }

    @XmlRootElement(name = "CEB311Message")
    @XmlAccessorType(XmlAccessType.FIELD)
    @XmlType(propOrder = {"order", "transfer"})
    public static class Message {
        @XmlAttribute
        String guid;
        @XmlAttribute
        String version;
        @XmlElement(name = "Order")
        Order order;
        @XmlElement(name = "BaseTransfer")
        Transfer transfer;
    }

    @XmlAccessorType(XmlAccessType.FIELD)
    @XmlType(propOrder = {"head", "lines"})
    public static class Order {
        @XmlElement(name = "OrderHead")
        Head head;
        @XmlElement(name = "OrderList")
        List<Line> lines;
    }

    @XmlAccessorType(XmlAccessType.FIELD)
    @XmlType(propOrder = {"guid", "appType", "appTime", "appStatus", "orderType", "orderNo", "ebpCode", "ebpName", "ebcCode", "ebcName",
        "goodsValue", "freight", "discount", "taxTotal", "acturalPaid", "currency", "buyerRegNo", "buyerName", "buyerTelephone",
        "buyerIdType", "buyerIdNumber", "payCode", "payName", "payTransactionId", "consignee", "consigneeTelephone", "consigneeAddress"})
    public static class Head {
        String guid;
        String appType;
        String appTime;
        String appStatus;
        String orderType;
        String orderNo;
        String ebpCode;
        String ebpName;
        String ebcCode;
        String ebcName;
        String goodsValue;
        String freight;
        String discount;
        String taxTotal;
        String acturalPaid;
        String currency;
        String buyerRegNo;
        String buyerName;
        String buyerTelephone;
        String buyerIdType;
        String buyerIdNumber;
        String payCode;
        String payName;
        String payTransactionId;
        String consignee;
        String consigneeTelephone;
        String consigneeAddress;
    }

    @XmlAccessorType(XmlAccessType.FIELD)
    @XmlType(propOrder = {"gnum", "itemNo", "itemName", "unit", "qty", "price", "totalPrice", "currency", "country"})
    public static class Line {
        String gnum;
        String itemNo;
        String itemName;
        String unit;
        String qty;
        String price;
        String totalPrice;
        String currency;
        String country;
    }

    @XmlAccessorType(XmlAccessType.FIELD)
    @XmlType(propOrder = {"copCode", "copName", "dxpMode", "dxpId"})
    public static class Transfer {
        String copCode;
        String copName;
        String dxpMode;
        String dxpId;
    }
}
