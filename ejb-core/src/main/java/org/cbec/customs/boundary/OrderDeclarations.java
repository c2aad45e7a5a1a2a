package org.cbec.customs.boundary;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Logger;
import org.cbec.company.Companies;
import org.cbec.company.CompanyAccount;
import org.cbec.company.CompanyOutcome;
import org.cbec.company.CompanyPort;
import org.cbec.company.CustomsOrder;
import org.cbec.company.CustomsReceipt;
import org.cbec.company.WindowCredentials;
import org.cbec.company.window.WindowCompany;
import org.cbec.customs.DeclareOrder;
import org.cbec.customs.OrderDeclarationView;
import org.cbec.customs.control.CustomsRules;
import org.cbec.customs.control.DeclarationLedger;
import org.cbec.customs.control.OrderLedger;
import org.cbec.customs.control.OrderRules;
import org.cbec.customs.entity.OrderState;
import org.cbec.payment.PaymentView;
import org.cbec.payment.RequestOutcome;
import org.cbec.payment.boundary.CompanyAccounts;
import org.cbec.payment.boundary.CompanyRequests;
import org.cbec.payment.control.Exchanges;
import org.cbec.payment.control.PaymentLedger;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.error.UpstreamFailureException;

/**
 * Declare-order and query-order: a shop platform's order declared to customs through the single
 * window for the merchant, once it is held to itself and to its payment (the three-document check,
 * {@link OrderRules}); then stored, its body sealed, and sent by the one dispatcher
 * ({@link CompanyRequests}), which asks the window first when an answer was lost and resends only
 * when the window has none. The window's receipts come by query (a client's, or the janitor's
 * while the order is open). Nothing is sent for a refused order.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class OrderDeclarations {

    private static final Logger LOG = Logger.getLogger(OrderDeclarations.class.getName());
    public static final String DECLARING = "failure while declaring the order to customs";
    public static final String QUERYING = "failure while querying the order at customs";
    private static final Jsonb JSONB = JsonbBuilder.create();

    @EJB
    PaymentLedger payments;

    @EJB
    DeclarationLedger declarations;

    @EJB
    OrderLedger ledger;

    @EJB
    CompanyRequests requests;

    @EJB
    WindowAccounts windowAccounts;

    @Inject
    WindowCompany window;

    @Inject
    Companies companies;

    private OrderKind kind;

    @PostConstruct
    void kind() {
        kind = new OrderKind();
    }

    /**
     * Declares the order (200 with its state): refused with a 422 naming the field when it does not
     * add up or differs from its payment; the same order again (the same body) is the declaration
     * stored, carried on if the window's word on it is not in; another body is a change only with
     * {@code actionType} MODIFY.
     */
    public OrderDeclarationView declare(String merchant, DeclareOrder o) {
        OrderRules.Checked k = OrderRules.checkDeclare(o);
        Optional<PaymentView> payment = payments.byTransaction(merchant, o.paymentMethod(), o.transactionId());
        OrderRules.checkAgainstPayment(o, merchant, payment.map(p -> new OrderRules.PaymentFacts(p.tradeState(), CustomsRules.paidCnyFen(p),
                declarations.declaredPayer(p.id()))), DeclarationLedger::digest);
        PaymentView paid = payment.orElseThrow();
        requireWindow(DECLARING);
        String body = body(o, k);
        Optional<OrderLedger.Stored> stored = ledger.find(merchant, o.orderNo(), k.customs());
        if (stored.isPresent() && stored.get().body().equals(body)) {
            return carryOn(stored.get().view());
        }
        ledger.byPlatformOrder(o.platformCode(), o.orderNo()).filter(other -> stored.isEmpty() || other.id() != stored.get().view().id())
                .ifPresent(other -> {
                    throw new InvalidRequestException("orderNo", "order " + o.orderNo() + " of platform " + o.platformCode()
                            + " was declared before " + (other.merchant().equals(merchant) ? "at " + other.customs() : "by another merchant"));
                });
        String guid = UUID.randomUUID().toString().toUpperCase(java.util.Locale.ROOT);
        OrderDeclarationView v;
        if (stored.isEmpty()) {
            if (k.actionType().equals("MODIFY")) {
                throw new InvalidRequestException("actionType", "order " + o.orderNo() + " was never declared at " + k.customs() + ": send ADD");
            }
            try {
                v = ledger.open(merchant, o.platform(), o.platformCode(), o.orderNo(), k.customs(), paid.paymentMethod(), paid.transactionId(),
                        paid.id(), k.actionType(), guid, body);
            } catch (org.cbec.platform.error.AlreadyStoredException concurrent) {
                // The same order declared at the same moment: the one stored first is the declaration.
                return ledger.find(merchant, o.orderNo(), k.customs()).map(s -> carryOn(s.view())).orElseThrow(() -> concurrent);
            }
        } else {
            OrderDeclarationView before = stored.get().view();
            boolean refusedBefore = before.state() == OrderState.REFUSED || before.state() == OrderState.NOT_SENT;
            if (k.actionType().equals("ADD") && !refusedBefore) {
                throw new InvalidRequestException("orderNo", "order " + o.orderNo() + " was declared at " + k.customs()
                        + " with another body; send actionType MODIFY to change it");
            }
            // A change; or, the window having refused the last message, the order sent anew (a new order to the window).
            String action = refusedBefore && before.windowStatus() == null ? "ADD" : "MODIFY";
            v = ledger.declaredAgain(before.id(), o.platform(), paid.transactionId(), paid.id(), action, guid, body)
                    .orElseThrow(() -> new InvalidRequestException("actionType", "order " + o.orderNo() + " is " + before.state()
                            + " and can no longer be changed"));
        }
        LOG.info(() -> "Customs order stored: " + merchant + " " + o.orderNo() + " at " + k.customs() + " (" + k.actionType() + ")");
        return requests.send(kind, v).answer();
    }

    /**
     * The order as the window reports it now (asked while it is open), every receipt in order;
     * empty when the merchant declared none at the office ({@code customs}, GUANGZHOU_ZS when null).
     * A malformed {@code orderNo} or an unknown office is a 422 naming {@code order_no} or {@code customs}.
     */
    public Optional<OrderDeclarationView> query(String merchant, String customs, String orderNo) {
        String office = org.cbec.customs.control.CustomsRules.customs(customs);
        org.cbec.customs.control.CustomsRules.orderNo("order_no", orderNo);
        Optional<OrderLedger.Stored> stored = ledger.find(merchant, orderNo, office);
        return stored.map(s -> carryOn(s.view()));
    }

    /** One attempt of the janitor's: carried on while the window's word is not in, its receipts asked for while it is open. */
    public RequestOutcome<OrderDeclarationView> reconcile(OrderDeclarationView v, OffsetDateTime sendingBefore) {
        return requests.reconcile(kind, v, sendingBefore);
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public OrderDeclarationView get(long id) {
        return ledger.get(id);
    }

    /** One batch of resealing the stored orders' bodies ({@link OrderLedger#reseal}): each batch commits on its own. */
    public org.cbec.platform.crypto.Resealed resealBodies(long afterId, int limit) {
        return ledger.reseal(afterId, limit);
    }

    /** Sent (or resolved) when its word is not in; else its newer receipts asked for while it is open. */
    private OrderDeclarationView carryOn(OrderDeclarationView v) {
        return (kind.pending(v) ? requests.send(kind, v) : requests.refresh(kind, v, true)).answer();
    }

    private void requireWindow(String failure) {
        if (!window.configured()) {
            throw new UpstreamFailureException(failure, "the customs window is not configured on this server (window.url is not set); not called");
        }
        if (windowAccounts.registered().isEmpty()) {
            throw new UpstreamFailureException(failure, "the broker is not registered at the customs window (PUT /broker/admin/customs-window);"
                    + " not called");
        }
    }

    /** The order as stored and compared: its defaults filled in, its action left out (a change is the same order). */
    static String body(DeclareOrder o, OrderRules.Checked k) {
        DeclareOrder.Buyer b = o.buyer();
        return JSONB.toJson(new DeclareOrder(o.platform(), o.platformCode(), o.orderNo(), k.customs(), o.paymentMethod(), o.transactionId(),
                o.goodsValue(), o.freight(), o.discount(), o.taxTotal(), o.actualPaid(),
                new DeclareOrder.Buyer(b.name(), k.idType(), b.idNumber(), b.telephone()), o.consignee(), o.goods(), null));
    }

    /**
     * The order message's content (docs/companies/single-window.md): the platform as customs
     * registers it; the merchant as the e-commerce enterprise under the platform's code (the body
     * names no code of its own) and its name at the broker; the buyer's platform account as its
     * telephone; the payment's company by its customs code; the broker as the transmitter.
     */
    CustomsOrder message(OrderDeclarationView v, WindowCredentials account) {
        DeclareOrder o = JSONB.fromJson(ledger.body(v.id()), DeclareOrder.class);
        CompanyPort payer = companies.port(v.paymentCompany(), DECLARING);
        return new CustomsOrder(v.messageGuid(), "MODIFY".equals(v.actionType()), OffsetDateTime.now(ZoneOffset.UTC), v.orderNo(),
                new CustomsOrder.Party(v.platformCode(), v.platform()), new CustomsOrder.Party(v.platformCode(), v.merchant()),
                new CustomsOrder.Amounts(o.goodsValue(), o.freight(), o.discount(), o.taxTotal(), o.actualPaid()),
                new CustomsOrder.Buyer(o.buyer().telephone(), o.buyer().name(), o.buyer().telephone(), o.buyer().idType(), o.buyer().idNumber()),
                new CustomsOrder.Party(payer.customsCode(), v.paymentCompany()), v.transactionId(),
                new CustomsOrder.Consignee(o.consignee().name(), o.consignee().telephone(), o.consignee().address()),
                o.goods().stream().map(l -> new CustomsOrder.Line(l.itemNo(), l.itemName(), l.quantity(), l.unit(), l.price(), l.totalPrice(),
                        l.country())).toList(),
                new CustomsOrder.Party(account.copCode(), account.copName()), account.dxpId());
    }

    /** An order declaration as the dispatcher sends and asks for it: at the window, by its message's guid. */
    private final class OrderKind extends CompanyRequests.Kind<OrderDeclarationView, List<CustomsReceipt>> {

        OrderKind() {
            super(DECLARING, QUERYING, "Customs order", ledger);
        }

        @Override
        public String what(OrderDeclarationView v) {
            return "the order declaration";
        }

        @Override
        public String describe(OrderDeclarationView v) {
            return v.merchant() + " " + v.orderNo() + " of " + v.platformCode() + " at " + v.customs();
        }

        @Override
        public boolean pending(OrderDeclarationView v) {
            return v.state() == OrderState.UNKNOWN;
        }

        @Override
        public boolean refreshable(OrderDeclarationView v) {
            return v.state().isOpen();
        }

        @Override
        public String state(OrderDeclarationView v) {
            return v.state().name();
        }

        /** The window, once this server knows where it is and the broker is registered there; no company port or account. */
        @Override
        public Optional<CompanyRequests.Destination> destination(Companies companies, CompanyAccounts accounts, OrderDeclarationView v) {
            return window.configured() && windowAccounts.registered().isPresent()
                    ? Optional.of(new CompanyRequests.Destination(null, null)) : Optional.empty();
        }

        @Override
        public CompanyOutcome<List<CustomsReceipt>> send(CompanyPort company, CompanyAccount account, OrderDeclarationView v, Exchanges log) {
            WindowCredentials credentials = windowAccounts.credentials().orElseThrow();
            return window.declare(credentials, message(v, credentials), log).map(List::of);
        }

        @Override
        public CompanyOutcome<Optional<List<CustomsReceipt>>> query(CompanyPort company, CompanyAccount account, OrderDeclarationView v,
                Exchanges log) {
            WindowCredentials credentials = windowAccounts.credentials().orElseThrow();
            // The window's receipts of this order: none of the message last sent means the window has not got it.
            return window.receipts(credentials, v.platformCode(), v.orderNo(), log)
                    .map(found -> found.filter(list -> list.stream().anyMatch(r -> r.orderGuid().equals(v.messageGuid()))));
        }

        @Override
        public org.cbec.platform.error.BusinessException refusal(CompanyPort company, OrderDeclarationView v, String refusal) {
            if (refusal.startsWith("SIGNATURE")) {
                // The broker's key or its registration at the window, not the merchant's order.
                return new UpstreamFailureException(DECLARING, "the customs window refused the broker's signature: " + refusal);
            }
            return new InvalidRequestException(null, "the customs window refused the order: " + refusal);
        }

        @Override
        public boolean unchanged(OrderDeclarationView v, List<CustomsReceipt> receipts) {
            return receipts.size() == v.receipts().size();
        }
    }
}
