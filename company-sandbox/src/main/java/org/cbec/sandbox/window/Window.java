package org.cbec.sandbox.window;

import jakarta.ejb.EJBException;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import java.math.BigDecimal;
import java.security.KeyPair;
import java.security.PublicKey;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Logger;
import org.cbec.plumbing.crypto.Pem;
import org.cbec.plumbing.crypto.Rsa;
import org.cbec.sandbox.books.AccountRows;
import org.cbec.sandbox.books.Accounts;
import org.cbec.sandbox.books.Companies;
import org.cbec.sandbox.books.CompanySigner;
import org.cbec.sandbox.books.Identity;
import org.cbec.sandbox.books.PaymentDocument;
import org.cbec.sandbox.codec.PlainText;
import org.cbec.sandbox.entity.WindowEnterprise;
import org.cbec.sandbox.entity.WindowOrder;
import org.cbec.sandbox.entity.WindowPayment;
import org.cbec.sandbox.entity.WindowReceipt;
import org.cbec.sandbox.entity.WindowRequest;
import org.cbec.sandbox.entity.WindowReturn;
import org.cbec.sandbox.entity.WindowWaybill;

/**
 * The customs single window's books: the enterprises registered to transmit orders, the orders
 * they declared and their receipts, the payment documents the payment companies forward, the
 * waybills and the returns a test arranges, and the requests received. What customs decides is
 * {@link WindowRules}'; it is applied when the order is next looked at (a query), under the
 * order's lock, each receipt at the time it was due, so that no timer is needed and two queries at
 * once write each receipt once.
 */
@Stateless
public class Window {

    private static final Logger LOG = Logger.getLogger(Window.class.getName());

    /** The name the window's own key pair is kept under, beside the companies' (its serial {@code SANDBOX-WINDOW-1}). */
    static final String WINDOW = "window";

    public static final String DECLARE = "order-declare";
    public static final String QUERY = "order-query";
    public static final java.util.Set<String> KINDS = java.util.Set.of(DECLARE, QUERY);

    @PersistenceContext(unitName = "sandbox")
    EntityManager em;

    @Inject
    Accounts accounts;

    @Inject
    AccountRows rows;

    @Inject
    WindowSettings settings;

    /** What the window hands an enterprise it registered: its key pair's private half and serial, and the window's key. */
    public record Registration(String copCode, String copName, String keySerial, String enterprisePrivateKey, String windowKeySerial,
            String windowPublicKey, boolean created) {

        @Override
        public String toString() {
            return "Registration[" + copCode + ", " + keySerial + "]";
        }
    }

    /** The window's answer to a message: its receipt, or a refusal ({@code code} SIGNATURE, FORMAT, DUPLICATE or STATE). */
    public record Answer(OrderReceipts.Receipt receipt, String refusalCode, String message) {

        static Answer refused(String code, String message) {
            return new Answer(null, code, message);
        }
    }

    /** An enterprise as the window knows it: its row's id, code and public key. */
    public record Enterprise(long id, String copCode, PublicKey key) {
    }

    // ---- enterprises and the window's key --------------------------------------------------------

    /** Registers an enterprise under its customs code, or hands out what it was registered with before. */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public Registration register(String copCode, String copName) {
        Optional<WindowEnterprise> known = byCode(copCode);
        if (known.isEmpty()) {
            KeyPair keys = Rsa.newKeyPair();
            try {
                rows.insert(new WindowEnterprise(copCode, copName, Companies.lettersAndDigits(16).toUpperCase(java.util.Locale.ROOT),
                        Pem.publicKeyPem(keys.getPublic()), Pem.privateKeyPem(keys.getPrivate()), Companies.now()));
                LOG.info(() -> "Window: enterprise " + copCode + " registered");
                return registration(byCode(copCode).orElseThrow(), true);
            } catch (EJBException | PersistenceException e) {
                // Registered meanwhile by another request: that one is the registration.
                known = byCode(copCode);
            }
        }
        return registration(known.orElseThrow(() -> new IllegalStateException("could not register " + copCode)), false);
    }

    private Registration registration(WindowEnterprise e, boolean created) {
        CompanySigner window = signer();
        return new Registration(e.getCopCode(), e.getCopName(), e.getKeySerial(), e.getPrivateKey(), window.serial(),
                window.publicKeyPem(), created);
    }

    /** The window's own key pair, made on first use and kept. */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public CompanySigner signer() {
        return accounts.companySigner(WINDOW);
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<Enterprise> enterpriseBySerial(String serial) {
        return em.createNamedQuery(WindowEnterprise.BY_SERIAL, WindowEnterprise.class).setParameter("keySerial", serial).getResultStream()
                .findFirst().map(Window::enterprise);
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<Enterprise> enterpriseByCode(String copCode) {
        return byCode(copCode).map(Window::enterprise);
    }

    private Optional<WindowEnterprise> byCode(String copCode) {
        return em.createNamedQuery(WindowEnterprise.BY_CODE, WindowEnterprise.class).setParameter("copCode", copCode).getResultStream()
                .findFirst();
    }

    private static Enterprise enterprise(WindowEnterprise e) {
        return new Enterprise(e.getId(), e.getCopCode(), Pem.publicKey(e.getPublicKey()));
    }

    // ---- orders ------------------------------------------------------------------------------

    /**
     * Takes a declared order from {@code from}: a new one (appType 1) is RECEIVED with receipt 2; the
     * same message again is answered as before; a new message of an order declared before is a
     * DUPLICATE unless it is a change (appType 2), which makes it RECEIVED again (a RELEASED order
     * cannot be changed).
     */
    public Answer declare(Enterprise from, OrderMessages.Declared d) {
        if (!from.copCode().equals(d.copCode())) {
            return Answer.refused("SIGNATURE", "copCode " + d.copCode() + " is not the enterprise whose key signed the message");
        }
        if (!"1".equals(d.appType()) && !"2".equals(d.appType())) {
            return Answer.refused("FORMAT", "appType must be 1 (a new order) or 2 (a change)");
        }
        WindowOrder.Facts facts;
        try {
            facts = facts(d);
        } catch (IllegalArgumentException e) {
            return Answer.refused("FORMAT", e.getMessage());
        }
        OffsetDateTime now = Companies.now();
        Optional<WindowOrder> known = order(d.ebpCode(), d.orderNo(), true);
        if (known.isPresent()) {
            WindowOrder o = known.get();
            if (o.getMessageGuid().equals(d.guid())) {
                return new Answer(acceptance(o), null, null);
            }
            if (o.getEnterpriseId() != from.id()) {
                return Answer.refused("DUPLICATE", "order " + d.orderNo() + " of " + d.ebpCode() + " was declared by another enterprise");
            }
            if ("1".equals(d.appType())) {
                return Answer.refused("DUPLICATE", "order " + d.orderNo() + " of " + d.ebpCode() + " was declared before: send a change (appType 2)");
            }
            if (WindowRules.next(o.getState(), WindowRules.Event.CHANGE).isEmpty()) {
                return Answer.refused("STATE", "order " + d.orderNo() + " is " + o.getState() + " and cannot be changed");
            }
            o.declared(facts, now);
            return new Answer(receipt(o, write(o, WindowRules.ACCEPTED, "accepted by the window (a change)", now)), null, null);
        }
        if ("2".equals(d.appType())) {
            return Answer.refused("STATE", "order " + d.orderNo() + " of " + d.ebpCode() + " was never declared: a change needs it");
        }
        WindowOrder o = new WindowOrder(from.id(), d.ebpCode(), d.orderNo(), facts, now);
        em.persist(o);
        em.flush();
        LOG.info(() -> "Window: order " + d.orderNo() + " of " + d.ebpCode() + " received from " + from.copCode());
        return new Answer(receipt(o, write(o, WindowRules.ACCEPTED, "accepted by the window", now)), null, null);
    }

    /**
     * The order's receipts, oldest first, once customs has decided what was due by now; empty when
     * {@code from} declared no such order.
     */
    public Optional<List<OrderReceipts.Receipt>> receipts(Enterprise from, String ebpCode, String orderNo) {
        Optional<WindowOrder> found = order(ebpCode, orderNo, true).filter(o -> o.getEnterpriseId() == from.id());
        if (found.isEmpty()) {
            return Optional.empty();
        }
        WindowOrder o = found.get();
        decide(o);
        List<OrderReceipts.Receipt> list = new ArrayList<>();
        for (WindowReceipt r : receiptsOf(o)) {
            list.add(receipt(o, r));
        }
        return Optional.of(list);
    }

    /** Applies what customs decided about {@code o} by now (WindowRules.decide), consuming an arranged return it used. */
    private void decide(WindowOrder o) {
        OffsetDateTime now = Companies.now();
        List<WindowReceipt> written = receiptsOf(o);
        int accepted = 0;
        for (int i = 0; i < written.size(); i++) {
            if (WindowRules.ACCEPTED.equals(written.get(i).getStatus())) {
                accepted = i;
            }
        }
        List<WindowReceipt> current = written.subList(accepted, written.size());
        OffsetDateTime storedAt = current.stream().filter(r -> WindowRules.STORED.equals(r.getStatus())).map(WindowReceipt::getAt)
                .findFirst().orElse(null);
        Optional<WindowRules.Standing> last = WindowRules.standingOf(current.get(current.size() - 1).getInfo());
        WindowOrder.Facts facts = o.facts();
        Optional<WindowRules.PaymentDocument> payment = payment(facts.payCode(), facts.payTransactionId())
                .map(p -> new WindowRules.PaymentDocument(p.getAmountPaid(), p.getPayerIdentity(), p.getDeclaredAt()));
        Optional<OffsetDateTime> waybill = waybill(o.getEbpCode(), o.getOrderNo()).map(WindowWaybill::getDeclaredAt);
        Optional<WindowReturn> arranged = arrangedReturn(o.getEbpCode(), o.getOrderNo());
        List<WindowRules.Step> steps = WindowRules.decide(new WindowRules.Held(o.getState(), o.getReceivedAt(), facts, last, storedAt),
                payment, waybill, arranged.map(r -> new WindowRules.ArrangedReturn(r.getReason(), r.getArrangedAt())),
                settings.delay(), now);
        for (WindowRules.Step s : steps) {
            write(o, s.status(), s.info(), s.at());
            o.move(s.to(), s.at());
            if (s.to() == WindowOrder.State.RETURNED) {
                arranged.ifPresent(em::remove);
            }
            LOG.info(() -> "Window: order " + o.getOrderNo() + " of " + o.getEbpCode() + " " + s.to() + " (" + s.status() + ")");
        }
    }

    private WindowReceipt write(WindowOrder o, String status, String info, OffsetDateTime at) {
        WindowReceipt r = new WindowReceipt(o.getId(), UUID.randomUUID().toString().toUpperCase(java.util.Locale.ROOT), o.getMessageGuid(),
                status, info, at);
        em.persist(r);
        return r;
    }

    /** The receipt 2 that answered the order's current message. */
    private OrderReceipts.Receipt acceptance(WindowOrder o) {
        List<WindowReceipt> all = receiptsOf(o);
        for (int i = all.size() - 1; i >= 0; i--) {
            if (WindowRules.ACCEPTED.equals(all.get(i).getStatus())) {
                return receipt(o, all.get(i));
            }
        }
        throw new IllegalStateException("order " + o.getOrderNo() + " has no receipt of its acceptance");
    }

    private OrderReceipts.Receipt receipt(WindowOrder o, WindowReceipt r) {
        return new OrderReceipts.Receipt(r.getGuid(), r.getMessageGuid(), o.getEbpCode(), o.facts().ebcCode(), o.getOrderNo(), r.getStatus(),
                r.getAt(), r.getInfo());
    }

    private List<WindowReceipt> receiptsOf(WindowOrder o) {
        return em.createNamedQuery(WindowReceipt.OF_ORDER, WindowReceipt.class).setParameter("orderId", o.getId()).getResultList();
    }

    private Optional<WindowOrder> order(String ebpCode, String orderNo, boolean lock) {
        var q = em.createNamedQuery(WindowOrder.BY_NUMBER, WindowOrder.class).setParameter("ebpCode", ebpCode).setParameter("orderNo", orderNo);
        if (lock) {
            q.setLockMode(LockModeType.PESSIMISTIC_WRITE);
        }
        return q.getResultStream().findFirst();
    }

    /** What customs matches on, in fen and with the buyer as a hash; a figure that is no whole number of fen is refused. */
    static WindowOrder.Facts facts(OrderMessages.Declared d) {
        code("ebpCode", d.ebpCode());
        code("ebcCode", d.ebcCode());
        code("payCode", d.payCode());
        plain("orderNo", d.orderNo(), 60);
        plain("payTransactionId", d.payTransactionId(), 60);
        plain("guid", d.guid(), 36);
        plain("buyerName", d.buyerName(), 60);
        plain("buyerIdNumber", d.buyerIdNumber(), 60);
        if (d.lines().isEmpty() || d.lines().size() > 100) {
            throw new IllegalArgumentException("an order holds 1 to 100 goods lines (OrderList); it holds " + d.lines().size());
        }
        long goodsTotal = 0;
        for (OrderMessages.Line l : d.lines()) {
            goodsTotal = Math.addExact(goodsTotal, fen("totalPrice", l.totalPrice()));
        }
        return new WindowOrder.Facts(d.ebcCode(), d.guid(), d.payCode(), d.payTransactionId(), fen("goodsValue", d.goodsValue()),
                fen("freight", d.freight()), fen("discount", d.discount()), fen("taxTotal", d.taxTotal()), fen("acturalPaid", d.acturalPaid()),
                goodsTotal, Identity.hash(d.buyerName(), d.buyerIdNumber()));
    }

    private static void code(String name, String value) {
        if (!value.matches("[0-9A-Z]{10}")) {
            throw new IllegalArgumentException(name + " must be a 10-character customs code (digits and capital letters)");
        }
    }

    private static void plain(String name, String value, int max) {
        if (!PlainText.isPlain(value, max)) {
            throw new IllegalArgumentException(name + " must be 1 to " + max + " characters, none a control character");
        }
    }

    private static long fen(String name, BigDecimal yuan) {
        BigDecimal fen = yuan.movePointRight(2);
        if (fen.signum() != 0 && fen.stripTrailingZeros().scale() > 0) {
            throw new IllegalArgumentException(name + " is not a whole number of fen: " + yuan.toPlainString());
        }
        return fen.longValueExact();
    }

    // ---- the other documents -------------------------------------------------------------------

    /** A payment company's payment document, in the transaction of the declaration that sent it. */
    public void paymentDeclared(@Observes PaymentDocument p) {
        Optional<WindowPayment> known = payment(p.payCode(), p.payTransactionId());
        if (known.isPresent()) {
            WindowPayment w = known.get();
            // A declaration again that names no payer keeps the one known.
            w.declared(p.orderRef(), p.amountPaid(), p.payerIdentity() != null ? p.payerIdentity() : w.getPayerIdentity(), p.at());
        } else {
            em.persist(new WindowPayment(p.payCode(), p.payTransactionId(), p.orderRef(), p.amountPaid(), p.payerIdentity(), p.at()));
        }
        LOG.info(() -> "Window: payment document of " + p.payCode() + " " + p.payTransactionId() + " received");
    }

    /** The payment documents forwarded for a transaction, as the admin helper shows them. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<WindowPayment> payment(String payCode, String payTransactionId) {
        return em.createNamedQuery(WindowPayment.OF_TRANSACTION, WindowPayment.class).setParameter("payCode", payCode)
                .setParameter("payTransactionId", payTransactionId).getResultStream().findFirst();
    }

    /** Declares a waybill for a platform's order: true when new, false when the same was declared before; empty when another one was. */
    public Optional<Boolean> declareWaybill(String ebpCode, String orderNo, String logisticsCode, String logisticsNo) {
        Optional<WindowWaybill> known = waybill(ebpCode, orderNo);
        if (known.isPresent()) {
            WindowWaybill w = known.get();
            return w.getLogisticsCode().equals(logisticsCode) && w.getLogisticsNo().equals(logisticsNo) ? Optional.of(false) : Optional.empty();
        }
        em.persist(new WindowWaybill(ebpCode, orderNo, logisticsCode, logisticsNo, Companies.now()));
        em.flush();
        return Optional.of(true);
    }

    private Optional<WindowWaybill> waybill(String ebpCode, String orderNo) {
        return em.createNamedQuery(WindowWaybill.OF_ORDER, WindowWaybill.class).setParameter("ebpCode", ebpCode)
                .setParameter("orderNo", orderNo).getResultStream().findFirst();
    }

    /** Customs is to return the order with {@code reason} (replacing a return arranged before), or not at all (null). */
    public void arrangeReturn(String ebpCode, String orderNo, String reason) {
        arrangedReturn(ebpCode, orderNo).ifPresent(r -> {
            em.remove(r);
            em.flush();
        });
        if (reason != null) {
            em.persist(new WindowReturn(ebpCode, orderNo, reason, Companies.now()));
            em.flush();
        }
    }

    private Optional<WindowReturn> arrangedReturn(String ebpCode, String orderNo) {
        return em.createNamedQuery(WindowReturn.OF_ORDER, WindowReturn.class).setParameter("ebpCode", ebpCode)
                .setParameter("orderNo", orderNo).getResultStream().findFirst();
    }

    // ---- the request log ----------------------------------------------------------------------

    public record Logged(String kind, String orderNo, Integer status, OffsetDateTime at) {
    }

    /** A request of the enterprise about to stall, committed at once with no status yet; its id for {@link #answered}. */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public long received(long enterpriseId, String kind, String orderNo) {
        WindowRequest r = new WindowRequest(enterpriseId, kind, orderNo, null, Companies.now());
        em.persist(r);
        em.flush();
        return r.getId();
    }

    /** The status answered: on the row stored before a stall, or a new row. */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void answered(Long receivedId, long enterpriseId, String kind, String orderNo, int status) {
        WindowRequest r = receivedId == null ? null : em.find(WindowRequest.class, receivedId);
        if (r == null) {
            em.persist(new WindowRequest(enterpriseId, kind, orderNo, status, Companies.now()));
        } else {
            r.answered(status);
        }
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<Logged> requests(long enterpriseId, String kind, String orderNo) {
        var q = em.createQuery("SELECT r FROM WindowRequest r WHERE r.enterpriseId = :enterpriseId"
                + (kind == null ? "" : " AND r.kind = :kind") + (orderNo == null ? "" : " AND r.orderNo = :orderNo") + " ORDER BY r.id",
                WindowRequest.class).setParameter("enterpriseId", enterpriseId);
        if (kind != null) {
            q.setParameter("kind", kind);
        }
        if (orderNo != null) {
            q.setParameter("orderNo", orderNo);
        }
        return q.getResultStream().map(r -> new Logged(r.getKind(), r.getOrderNo(), r.getStatus(), r.getReceivedAt())).toList();
    }
}
