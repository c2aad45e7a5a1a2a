package org.cbec.refund.boundary;

import org.cbec.payment.PaymentFormats;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.Map;

import java.util.logging.Logger;
import org.cbec.company.Companies;
import org.cbec.company.CompanyAccount;
import org.cbec.company.Exchange;
import org.cbec.company.ExchangeRecorder;
import org.cbec.company.Notification;
import org.cbec.company.NotificationRefused;
import org.cbec.company.PaymentCompany;
import org.cbec.payment.entity.TradeState;
import org.cbec.platform.error.BusinessException;
import org.cbec.payment.control.PaymentLedger;
import org.cbec.refund.control.RefundLedger;
import org.cbec.payment.PaymentView;
import org.cbec.payment.control.Exchanges;
import org.cbec.refund.RefundView;
import org.cbec.payment.boundary.CompanyAccounts;
import org.cbec.payment.boundary.Payments;

/**
 * The companies' callbacks: read and verified by the company's adapter, then applied as a query's
 * answer would be (the same ledger methods, so the merchant's event is made the same way, once per
 * change). A callback that is not the company's, is stale, does not decrypt or names an order or
 * refund the broker does not have is refused and changes nothing; one that says nothing new (a
 * repeat) is accepted and changes nothing either.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Callbacks {

    private static final Logger LOG = Logger.getLogger(Callbacks.class.getName());

    @Inject
    Companies companies;

    @EJB
    CompanyAccounts accounts;

    @EJB
    PaymentLedger payments;

    @EJB
    RefundLedger refunds;

    /** Whether the callback was taken (the company is answered {@code success}) or refused ({@code failure}). */
    public boolean receive(String paymentMethod, String merchant, Map<String, String> headers, String body) {
        try {
            return apply(paymentMethod, merchant, headers, body);
        } catch (NotificationRefused | BusinessException refused) {
            LOG.warning(() -> "Callback refused: " + printable(paymentMethod) + " " + printable(merchant) + ": " + refused.getMessage());
            return false;
        }
    }

    private boolean apply(String paymentMethod, String merchant, Map<String, String> headers, String body) {
        if (paymentMethod == null || !PaymentFormats.METHODS.contains(paymentMethod) || merchant == null || body == null) {
            throw new NotificationRefused("no such company or merchant");
        }
        if (!accounts.has(merchant, paymentMethod)) {
            throw new NotificationRefused("the merchant has no account at this company");
        }
        PaymentCompany company = companies.of(paymentMethod, Payments.FAILURE);
        CompanyAccount account = accounts.account(merchant, paymentMethod);
        Notification n = company.readNotification(account, headers, body, Instant.now());
        PaymentView p = payments.find(merchant, paymentMethod, n.orderRef())
                .orElseThrow(() -> new NotificationRefused("the callback names an order the broker does not have"));
        Exchanges log = new Exchanges();
        // Kept as what the company said (its callback, about which order, and the state it gave) and
        // what the broker answered: the verified content, never its signature or encrypted form.
        String said = n.refund() != null ? "refund " + n.refundNo() + " " + n.refund().state()
                : n.order() != null ? n.order().state().name() : "nothing the broker reads";
        log.record(new Exchange("callback", "callback " + n.id() + " about order " + p.orderRef() + ": " + said, 200,
                "success", 0, null), ExchangeRecorder.Outcome.OK);
        if (n.refund() != null) {
            RefundView r = refunds.byCompanyNo(p.id(), n.refundNo())
                    .orElseThrow(() -> new NotificationRefused("the callback names a refund the broker does not have"));
            if (r.state().isOpen() && n.refund().state() != r.state()) {
                RefundView after = refunds.observed(r.id(), n.refund(), log.entries());
                LOG.info(() -> "Callback: refund " + merchant + " " + paymentMethod + " " + p.orderRef() + " " + r.refundRef() + " "
                        + r.state() + " -> " + after.state());
            }
            return true;
        }
        if (n.order() != null && n.order().state() != TradeState.UNKNOWN && !Payments.unchanged(p, n.order())
                && p.tradeState() != TradeState.REFUSED) {
            PaymentView after = payments.observed(p.id(), n.order(), log.entries());
            LOG.info(() -> "Callback: payment " + merchant + " " + paymentMethod + " " + p.orderRef() + " " + p.tradeState() + " -> "
                    + after.tradeState());
        }
        return true;
    }

    /** A path value as it may go into the log: names only, anything else (junk, line breaks) replaced. */
    private static String printable(String value) {
        return value != null && value.matches("[A-Za-z0-9_.@-]{1,64}") ? value : "(not a name)";
    }
}
