package org.cbec.customs;

import java.time.OffsetDateTime;
import java.util.List;
import org.cbec.company.window.WindowCompany;
import org.cbec.customs.entity.OrderState;
import org.cbec.dispatch.RequestSubject;
import org.cbec.dispatch.entity.RequestKind;
import org.cbec.payment.SentRequest;

/**
 * A shop platform's order as the broker declared it to customs, and what the single window said:
 * its state, customs' last status and words, where the payment and the waybill stand against it,
 * and every receipt in order. {@code paymentCompany} is the company of the payment it names; as a
 * request the dispatcher sends, its company is the window ({@link #paymentMethod()}), and the
 * number the window knows its message by is {@code messageGuid}. No personal data.
 */
public record OrderDeclarationView(long id, String merchant, String platform, String platformCode, String orderNo, String customs,
        String paymentCompany, String transactionId, long paymentId, String actionType, String messageGuid, OrderState state,
        String windowStatus, String windowInfo, String paymentStanding, String paymentField, String waybillStanding,
        OffsetDateTime createdAt, OffsetDateTime updatedAt, List<Receipt> receipts) implements SentRequest {

    /** A receipt of the window: customs' status code, its words, its time. */
    public record Receipt(String status, String info, OffsetDateTime at) {
    }

    /**
     * Where the three documents stand: the order AWAITED (the window's word not in), RECEIVED or
     * REFUSED by the window; the payment MATCHED, MISSING or DIFFERENT (in {@code paymentField}) and
     * the waybill MATCHED or MISSING, as customs' last words said (null before customs said any).
     */
    public record Documents(String order, String payment, String paymentField, String waybill) {
    }

    public Documents documents() {
        String order = switch (state) {
            case UNKNOWN -> "AWAITED";
            case REFUSED -> "REFUSED";
            default -> "RECEIVED";
        };
        return new Documents(order, paymentStanding, paymentField, waybillStanding);
    }

    /** The dispatcher's company for it: the customs single window. */
    @Override
    public String paymentMethod() {
        return WindowCompany.NAME;
    }

    @Override
    public RequestSubject subject() {
        return new RequestSubject(RequestKind.ORDER, id, merchant, WindowCompany.NAME, orderNo, messageGuid);
    }
}
