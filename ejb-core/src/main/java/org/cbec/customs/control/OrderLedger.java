package org.cbec.customs.control;

import jakarta.ejb.LocalBean;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.cbec.company.CustomsReceipt;
import org.cbec.customs.OrderDeclarationView;
import org.cbec.customs.entity.OrderDeclaration;
import org.cbec.customs.entity.OrderEvent;
import org.cbec.customs.entity.OrderReceipt;
import org.cbec.customs.entity.OrderState;
import org.cbec.payment.control.EventData;
import org.cbec.payment.control.Exchanges;
import org.cbec.payment.control.PaymentLedger;
import org.cbec.payment.control.SentLedger;
import org.cbec.payment.entity.Payment;
import org.cbec.platform.crypto.CredentialKeys;
import org.cbec.platform.crypto.KeyRing;
import org.cbec.platform.crypto.Resealed;
import org.cbec.platform.time.BeijingTime;
import org.cbec.webhook.control.Outbox;

/**
 * The orders declared to customs: each stored before it is sent (its body sealed), and what the
 * single window said of it, each in its own transaction with the exchanges that brought it. A
 * receipt is kept once (by its own guid); the receipts of the message last sent move the order's
 * state by its table, oldest first, and entering RETURNED or RELEASED tells the merchant
 * ({@code customs.order.returned}, {@code customs.order.released}) in the same transaction.
 */
@Stateless
@LocalBean
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class OrderLedger implements SentLedger<OrderDeclarationView, List<CustomsReceipt>> {

    static final String BODY_FIELD = "sealed_body";

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    @Inject
    CredentialKeys keys;

    /** The merchant's order at a customs office, with its body opened (for the same-body rule); empty when none. */
    public record Stored(OrderDeclarationView view, String body) {

        @Override
        public String toString() {
            return "Stored[" + view.orderNo() + "]";
        }
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<Stored> find(String merchant, String orderNo, String customs) {
        return em.createNamedQuery(OrderDeclaration.BY_ORDER, OrderDeclaration.class).setParameter("merchant", merchant)
                .setParameter("orderNo", orderNo).setParameter("customs", customs).getResultStream().findFirst()
                .map(o -> new Stored(view(o), keys.ring().open(o.getSealedBody(), context(o.getMerchant(), o.getOrderNo(), o.getCustoms()))));
    }

    /** Whoever declared the platform's order: the window takes each platform's order number once. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<OrderDeclarationView> byPlatformOrder(String platformCode, String orderNo) {
        return em.createNamedQuery(OrderDeclaration.BY_PLATFORM_ORDER, OrderDeclaration.class).setParameter("platformCode", platformCode)
                .setParameter("orderNo", orderNo).getResultStream().findFirst().map(this::view);
    }

    /** The body (the merchant's order as sent) of a stored declaration, opened: what its message is written from. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public String body(long id) {
        OrderDeclaration o = em.find(OrderDeclaration.class, id);
        return keys.ring().open(o.getSealedBody(), context(o.getMerchant(), o.getOrderNo(), o.getCustoms()));
    }

    /** A new declaration, UNKNOWN until the window's word; committed before anything is sent. */
    public OrderDeclarationView open(String merchant, String platform, String platformCode, String orderNo, String customs, String paymentMethod,
            String transactionId, long paymentId, String actionType, String messageGuid, String body) {
        OrderDeclaration o = new OrderDeclaration(merchant, platform, platformCode, orderNo, customs, paymentMethod, transactionId, paymentId,
                actionType, messageGuid, keys.ring().seal(body, context(merchant, orderNo, customs)), now());
        org.cbec.platform.persistence.Inserts.insert(em, o, "order " + orderNo);
        return view(o);
    }

    /** The order declared again (a change, or a new message after a refusal); empty when its state allows none (released). */
    public Optional<OrderDeclarationView> declaredAgain(long id, String platform, String transactionId, long paymentId, String actionType,
            String messageGuid, String body) {
        OrderDeclaration o = em.find(OrderDeclaration.class, id, LockModeType.PESSIMISTIC_WRITE);
        return o.declaredAgain(platform, transactionId, paymentId, actionType, messageGuid,
                keys.ring().seal(body, context(o.getMerchant(), o.getOrderNo(), o.getCustoms())), now()).map(x -> view(o));
    }

    @Override
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public OrderDeclarationView get(long id) {
        return view(em.find(OrderDeclaration.class, id));
    }

    /** The window's receipts of the order: each new one kept, those of the message last sent applied in time order. */
    @Override
    public OrderDeclarationView observed(long id, List<CustomsReceipt> receipts, List<Exchanges.Entry> events) {
        OrderDeclaration o = em.find(OrderDeclaration.class, id, LockModeType.PESSIMISTIC_WRITE);
        PaymentLedger.persistEvents(em, o.getPaymentId(), events);
        Set<String> known = new HashSet<>();
        for (OrderReceipt r : receipts(o)) {
            known.add(r.getGuid());
        }
        Set<OrderState.Effect> effects = java.util.EnumSet.noneOf(OrderState.Effect.class);
        for (CustomsReceipt r : receipts.stream().sorted(Comparator.comparing(CustomsReceipt::time)).toList()) {
            if (!known.add(r.guid())) {
                continue;
            }
            em.persist(new OrderReceipt(o.getId(), r.guid(), r.orderGuid(), r.status(), r.info(), r.time().withOffsetSameInstant(ZoneOffset.UTC)));
            Optional<OrderEvent> event = OrderState.receipt(r.status());
            if (event.isPresent() && o.getMessageGuid().equals(r.orderGuid())) {
                Optional<CustomsReceipt.Documents> d = r.documents();
                effects.addAll(o.receipt(event.get(), r.status(), r.info(), d.map(CustomsReceipt.Documents::payment).orElse(null),
                        d.map(CustomsReceipt.Documents::paymentField).orElse(null), d.map(CustomsReceipt.Documents::waybill).orElse(null), now()));
            }
        }
        return applied(o, effects);
    }

    /** The window refused the message: customs never saw it. */
    @Override
    public OrderDeclarationView refused(long id, String reason, List<Exchanges.Entry> events) {
        OrderDeclaration o = em.find(OrderDeclaration.class, id, LockModeType.PESSIMISTIC_WRITE);
        PaymentLedger.persistEvents(em, o.getPaymentId(), events);
        return applied(o, o.refused(reason, now()));
    }

    @Override
    public void events(long id, List<Exchanges.Entry> events) {
        PaymentLedger.persistEvents(em, em.find(OrderDeclaration.class, id).getPaymentId(), events);
    }

    /**
     * Seals anew, under the newest key-encryption key, the bodies of the declarations after
     * {@code afterId} (up to {@code limit}, in id order) sealed under an older key.
     */
    public Resealed reseal(long afterId, int limit) {
        KeyRing ring = keys.ring();
        List<Long> ids = em.createQuery("SELECT o.id FROM OrderDeclaration o WHERE o.id > :after ORDER BY o.id", Long.class)
                .setParameter("after", afterId).setMaxResults(limit).getResultList();
        int rewritten = 0;
        for (Long id : ids) {
            OrderDeclaration o = em.find(OrderDeclaration.class, id, LockModeType.PESSIMISTIC_WRITE);
            if (!ring.isCurrent(o.getSealedBody())) {
                o.resealed(ring.resealed(o.getSealedBody(), context(o.getMerchant(), o.getOrderNo(), o.getCustoms())));
                rewritten++;
            }
        }
        return new Resealed(ids.size(), rewritten, ids.isEmpty() ? afterId : ids.get(ids.size() - 1), ids.size() == limit);
    }

    /** The view after a move, the merchant told of a state entered that tells ({@link OrderState.Effect#ANNOUNCE}). */
    private OrderDeclarationView applied(OrderDeclaration o, Set<OrderState.Effect> effects) {
        OrderDeclarationView view = view(o);
        if (effects.contains(OrderState.Effect.ANNOUNCE)) {
            Payment p = em.find(Payment.class, o.getPaymentId());
            Outbox.add(em, o.getMerchant(), o.getPaymentId(), null, "customs.order." + o.getState().name().toLowerCase(java.util.Locale.ROOT),
                    eventData(view), EventData.notifyUrl(p.getRequestJson()), now());
        }
        return view;
    }

    /** A declared order as its merchant events carry it: what it names and what the window said, no personal data. */
    public static JsonObject eventData(OrderDeclarationView v) {
        JsonObjectBuilder o = Json.createObjectBuilder().add("merchant", v.merchant()).add("platform", v.platform())
                .add("platformCode", v.platformCode()).add("orderNo", v.orderNo()).add("customs", v.customs())
                .add("paymentMethod", v.paymentCompany()).add("transactionId", v.transactionId()).add("state", v.state().name());
        nullable(o, "windowStatus", v.windowStatus());
        nullable(o, "windowInfo", v.windowInfo());
        o.add("documents", documents(v));
        o.add("updatedAt", BeijingTime.format(v.updatedAt()));
        return o.build();
    }

    /** The three documents' standing ({@link OrderDeclarationView#documents}) as an event carries it. */
    static JsonObject documents(OrderDeclarationView v) {
        OrderDeclarationView.Documents d = v.documents();
        JsonObjectBuilder o = Json.createObjectBuilder().add("order", d.order());
        nullable(o, "payment", d.payment());
        nullable(o, "paymentField", d.paymentField());
        nullable(o, "waybill", d.waybill());
        return o.build();
    }

    private static void nullable(JsonObjectBuilder o, String name, String value) {
        if (value == null) {
            o.addNull(name);
        } else {
            o.add(name, value);
        }
    }

    private List<OrderReceipt> receipts(OrderDeclaration o) {
        return em.createNamedQuery(OrderReceipt.OF_ORDER, OrderReceipt.class).setParameter("declarationId", o.getId()).getResultList();
    }

    private OrderDeclarationView view(OrderDeclaration o) {
        return new OrderDeclarationView(o.getId(), o.getMerchant(), o.getPlatform(), o.getPlatformCode(), o.getOrderNo(), o.getCustoms(),
                o.getPaymentMethod(), o.getTransactionId(), o.getPaymentId(), o.getActionType(), o.getMessageGuid(), o.getState(),
                o.getWindowStatus(), o.getWindowInfo(), o.getPaymentStanding(), o.getPaymentField(), o.getWaybillStanding(), o.getCreatedAt(),
                o.getUpdatedAt(), receipts(o).stream().map(r -> new OrderDeclarationView.Receipt(r.getStatus(), r.getInfo(), r.getAt())).toList());
    }

    /** The sealed body's context: its table, the merchant's order and office, and the field. */
    static String context(String merchant, String orderNo, String customs) {
        return "order_declaration\n" + merchant + "\n" + orderNo + "\n" + customs + "\n" + BODY_FIELD;
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
