package org.cbec.sandbox.betapay;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.TreeMap;
import org.cbec.plumbing.crypto.Rsa;
import org.cbec.sandbox.books.Accounts;
import org.cbec.sandbox.books.Books;
import org.cbec.sandbox.books.CallbackFormat;
import org.cbec.sandbox.books.Companies;
import org.cbec.sandbox.books.Notice;
import org.cbec.sandbox.entity.CompanyOrder;

/**
 * betapay's callbacks (Alipay style): a form of the trade's state ({@code notify_type}
 * {@code trade_status_sync}), signed with the company key over the sorted {@code name=value} text of
 * every non-empty field but {@code sign} and {@code sign_type} ({@link SignContent#ofNotification}).
 * The form is signed once, when written: every attempt sends the same bytes.
 */
@ApplicationScoped
public class BetapayCallbacks implements CallbackFormat {

    /** The admin view's kinds: the notify_type, then what happened. */
    static final String PAID = "trade_status_sync.paid";
    static final String CLOSED = "trade_status_sync.closed";
    static final String REFUND = "trade_status_sync.refund";

    @Inject
    Accounts accounts;

    @Override
    public String paymentMethod() {
        return BetapayGate.COMPANY;
    }

    @Override
    public String contentType() {
        return "application/x-www-form-urlencoded; charset=utf-8";
    }

    @Override
    public Map<String, String> headers(String body) {
        return Map.of();
    }

    @Override
    public Optional<Composed> compose(Notice notice) {
        Map<String, String> fields = fields(notice, Companies.lettersAndDigits(32), Companies.now());
        String kind = switch (notice.event()) {
            case PAID -> PAID;
            case CLOSED -> CLOSED;
            case REFUND -> REFUND;
        };
        return Optional.of(new Composed(kind, form(fields, accounts.companySigner(BetapayGate.COMPANY).privateKey())));
    }

    /** The fields of the callback, unsigned, in name order; what is random or timed given. */
    static Map<String, String> fields(Notice notice, String notifyId, OffsetDateTime at) {
        Books.OrderView o = notice.order();
        Books.RefundView r = notice.refund();
        Map<String, String> f = new TreeMap<>();
        f.put("notify_id", notifyId);
        f.put("notify_time", BetapayOperations.gatewayTime(at));
        f.put("notify_type", "trade_status_sync");
        f.put("app_id", notice.appId());
        f.put("charset", "utf-8");
        f.put("version", "1.0");
        f.put("sign_type", "RSA2");
        f.put("trade_no", o.reference());
        f.put("out_trade_no", o.orderRef());
        f.put("trade_status", tradeStatus(o, r));
        f.put("total_amount", Yuan.text(o.amount()));
        if (o.state() == CompanyOrder.State.SUCCESS) {
            f.put("buyer_pay_amount", Yuan.text(BetapayOperations.paid(o.amount(), o.currency())));
            f.put("gmt_payment", BetapayOperations.gatewayTime(o.paidAt()));
        }
        if (r != null) {
            f.put("out_biz_no", r.refundNo());
            f.put("refund_fee", Yuan.text(r.refundedTotal()));
            f.put("send_back_fee", Yuan.text(BetapayOperations.paid(r.amount(), r.currency())));
            f.put("gmt_refund", BetapayOperations.gatewayTime(r.decidedAt()));
        }
        return f;
    }

    /** TRADE_SUCCESS when paid or partly refunded, TRADE_CLOSED when closed unpaid or refunded in full. */
    static String tradeStatus(Books.OrderView o, Books.RefundView r) {
        if (o.state() != CompanyOrder.State.SUCCESS) {
            return "TRADE_CLOSED";
        }
        return r != null && r.refundedTotal() >= o.amount() ? "TRADE_CLOSED" : "TRADE_SUCCESS";
    }

    /** The fields with their {@code sign}, form-encoded (UTF-8, in name order). */
    static String form(Map<String, String> fields, PrivateKey companyKey) {
        Map<String, String> signed = new TreeMap<>(fields);
        signed.put("sign", Rsa.sign(companyKey, SignContent.ofNotification(fields)));
        StringJoiner form = new StringJoiner("&");
        signed.forEach((name, value) -> form.add(URLEncoder.encode(name, StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(value, StandardCharsets.UTF_8)));
        return form.toString();
    }
}
