package org.cbec.reconciliation.control;

import jakarta.ejb.LocalBean;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.json.Json;
import jakarta.json.JsonObjectBuilder;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;
import org.cbec.company.BillFile;
import org.cbec.company.BillLine;
import org.cbec.reconciliation.ReconciliationView;
import org.cbec.payment.entity.BalanceEntry;
import org.cbec.payment.entity.BillDownload;
import org.cbec.payment.entity.CompanyCredential;
import org.cbec.payment.entity.Discrepancy;
import org.cbec.payment.entity.PartResult;
import org.cbec.payment.entity.Payment;
import org.cbec.payment.entity.TradeState;
import org.cbec.payment.entity.Payout;
import org.cbec.payment.entity.ReconciliationDay;
import org.cbec.payment.entity.Refund;
import org.cbec.payment.entity.Settlement;
import org.cbec.payment.entity.SettlementState;
import org.cbec.payment.entity.SplitPart;
import org.cbec.platform.error.AlreadyStoredException;
import org.cbec.platform.persistence.Inserts;
import org.cbec.platform.time.BeijingTime;
import org.cbec.webhook.control.Outbox;
import org.cbec.payment.control.EventData;

/**
 * The daily reconciliation's records: the broker's own records of a day as a bill would show them
 * ({@link BillMatching.Record}), each day's run and its bill files, and the differences found, each
 * sent to the merchant once as the event {@value #EVENT} when first found. Every method commits on its own.
 */
@Stateless
@LocalBean
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class ReconciliationLedger {

    public static final String EVENT = "reconciliation.discrepancy";
    /** Who resolves a difference whose records came to agree. */
    public static final String BY_RECONCILIATION = "reconciliation";
    /** Who resolves a difference by hand. */
    public static final String BY_OPERATOR = "operator";
    private static final Logger LOG = Logger.getLogger(ReconciliationLedger.class.getName());

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    // ---- the broker's side ------------------------------------------------------------------------

    /** Rows read per query of a day's payments or refunds. */
    static final int PAGE = 2000;

    /**
     * The account's records of one {@link BillMatching.Slice} whose company time is in
     * {@code [from, to)}: payments paid, refunds succeeded, split parts and releases finished,
     * payouts accepted. Payments and refunds, a real merchant's hundreds of thousands a day, are read
     * a page at a time as plain values, and only the slice's are kept.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<BillMatching.Record> records(String merchant, String method, OffsetDateTime from, OffsetDateTime to,
            BillMatching.Slice slice) {
        List<BillMatching.Record> out = new ArrayList<>();
        pages(Payment.BILLED_PAGE, merchant, method, from, to, 0, 5, row -> {
            TradeState trade = (TradeState) row[4];
            OffsetDateTime paidAt = (OffsetDateTime) row[5];
            String state = trade == TradeState.CLOSED && paidAt != null ? TradeState.SUCCESS.name() : trade.name();
            String orderRef = (String) row[1];
            if (slice.holds(orderRef)) {
                out.add(new BillMatching.Record(BillLine.Kind.PAYMENT, orderRef, orderRef, null, (Long) row[2], (String) row[3], state,
                        paidAt, (Long) row[0], null, orderRef, row[6] == null ? 0L : (Long) row[6]));
            }
        });
        pages(Refund.BILLED_PAGE, merchant, method, from, to, 0, 6, row -> {
            String orderRef = (String) row[2];
            if (slice.holds(orderRef)) {
                out.add(new BillMatching.Record(BillLine.Kind.REFUND, (String) row[1], orderRef, (String) row[1], (Long) row[3],
                        (String) row[4], ((Enum<?>) row[5]).name(), (OffsetDateTime) row[6], (Long) row[7], null, (String) row[8],
                        row[9] == null ? 0L : (Long) row[9]));
            }
        });
        for (Object[] row : em.createNamedQuery(Settlement.CHANGED_AROUND, Object[].class).setParameter("merchant", merchant)
                .setParameter("method", method).setParameter("from", from).setParameter("to", to).getResultList()) {
            if (((Settlement) row[0]).getState() == SettlementState.REFUSED || !slice.holds(((Payment) row[1]).getOrderRef())) {
                continue; // refused: nothing was made at the company, so nothing is billed (a bill line naming it still finds it)
            }
            settlement((Settlement) row[0], (Payment) row[1]).stream()
                    .filter(r -> r.time() != null && !r.time().isBefore(from) && r.time().isBefore(to)).forEach(out::add);
        }
        em.createNamedQuery(Payout.ACCEPTED_BETWEEN, Payout.class).setParameter("merchant", merchant).setParameter("method", method)
                .setParameter("from", from).setParameter("to", to).getResultStream().map(ReconciliationLedger::payout)
                .filter(slice::holds).forEach(out::add);
        return out;
    }

    /** Reads a query of {@code (id, ..., time at timeColumn, ...)} rows a page at a time, in time and id order. */
    private void pages(String query, String merchant, String method, OffsetDateTime from, OffsetDateTime to, int idColumn, int timeColumn,
            java.util.function.Consumer<Object[]> each) {
        OffsetDateTime afterTime = from.minusNanos(1000);
        long afterId = 0;
        while (true) {
            List<Object[]> page = em.createNamedQuery(query, Object[].class).setParameter("merchant", merchant).setParameter("method", method)
                    .setParameter("from", from).setParameter("to", to).setParameter("afterTime", afterTime).setParameter("afterId", afterId)
                    .setMaxResults(PAGE).getResultList();
            page.forEach(each);
            if (page.size() < PAGE) {
                return;
            }
            Object[] last = page.get(page.size() - 1);
            afterTime = (OffsetDateTime) last[timeColumn];
            afterId = (Long) last[idColumn];
        }
    }

    /** The account's records a bill's line names, whatever their time or state: what the broker has of it, if anything. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<BillMatching.Record> recordsOf(String merchant, String method, List<BillLine> lines) {
        List<BillMatching.Record> out = new ArrayList<>();
        for (BillLine l : lines) {
            switch (l.kind()) {
                case PAYMENT -> em.createNamedQuery(Payment.BY_ORDER, Payment.class).setParameter("merchant", merchant)
                        .setParameter("paymentMethod", method).setParameter("orderRef", l.orderRef()).getResultStream().findFirst()
                        .map(ReconciliationLedger::payment).ifPresent(out::add);
                case REFUND -> em.createNamedQuery(Refund.BY_COMPANY_NO, Object[].class).setParameter("merchant", merchant)
                        .setParameter("method", method).setParameter("no", l.reference()).getResultStream().findFirst()
                        .map(row -> refund((Refund) row[0], (Payment) row[1])).ifPresent(out::add);
                case SPLIT, RELEASE -> em.createNamedQuery(Settlement.BY_COMPANY_NO, Object[].class).setParameter("merchant", merchant)
                        .setParameter("method", method).setParameter("no", l.reference()).getResultStream().findFirst()
                        .ifPresent(row -> out.addAll(settlement((Settlement) row[0], (Payment) row[1])));
                case PAYOUT -> em.createNamedQuery(Payout.BY_REF, Payout.class).setParameter("merchant", merchant)
                        .setParameter("ref", l.reference()).getResultStream().filter(p -> p.getPaymentMethod().equals(method)).findFirst()
                        .map(ReconciliationLedger::payout).ifPresent(out::add);
                default -> throw new IllegalStateException("a bill line of kind " + l.kind());
            }
        }
        return out;
    }

    /**
     * A payment as its bill line shows it: a paid one SUCCESS, also once the company closed it for
     * being refunded in full (betapay does; the refunds are lines of their own).
     */
    private static BillMatching.Record payment(Payment p) {
        String state = p.getTradeState() == TradeState.CLOSED && p.getPaidAt() != null ? TradeState.SUCCESS.name() : p.getTradeState().name();
        return new BillMatching.Record(BillLine.Kind.PAYMENT, p.getOrderRef(), p.getOrderRef(), null, p.getActualAmount(), p.getCurrency(),
                state, p.getPaidAt(), p.getId(), null, p.getOrderRef(), p.getFee() == null ? 0L : p.getFee());
    }

    private static BillMatching.Record refund(Refund r, Payment p) {
        return new BillMatching.Record(BillLine.Kind.REFUND, r.getCompanyRefundNo(), p.getOrderRef(), r.getCompanyRefundNo(), r.getAmount(),
                r.getCurrency(), r.getState().name(), r.getSuccessAt(), p.getId(), null, r.getRefundRef(), r.getFee() == null ? 0L : r.getFee());
    }

    /** A split's parts to receivers, one record each; a release as one record, SUCCESS once FINISHED. */
    private List<BillMatching.Record> settlement(Settlement s, Payment p) {
        if (s.getKind() == Settlement.Kind.RELEASE) {
            String state = s.getState() == SettlementState.FINISHED ? "SUCCESS" : s.getState().name();
            // One the company made on its own has a number only the company knows: matched by its order ({@link BillMatching#ownRelease}).
            return List.of(new BillMatching.Record(BillLine.Kind.RELEASE, s.isByCompany() ? BillMatching.ownRelease(p.getOrderRef())
                    : s.getCompanyNo(), p.getOrderRef(), s.getCompanyNo(), s.getAmount(), p.getCurrency(), state, s.getFinishedAt(), p.getId(),
                    null, s.getSettlementRef()));
        }
        List<BillMatching.Record> parts = new ArrayList<>();
        for (SplitPart part : s.getParts()) {
            PartResult result = part.getResult();
            parts.add(new BillMatching.Record(BillLine.Kind.SPLIT, s.getCompanyNo() + "/" + part.getAccount(), p.getOrderRef(),
                    s.getCompanyNo(), part.getAmount(), p.getCurrency(), result == null ? s.getState().name() : result.name(),
                    part.getFinishedAt(), p.getId(), null, s.getSettlementRef()));
        }
        if (s.isFinish() && s.getState() == SettlementState.FINISHED) {
            // A split that also releases the rest: the release is a movement of its own in the balance, and a line of the bill,
            // billed also when the split left nothing to release (0: the balance has no entry of it).
            long released = em.createNamedQuery(BalanceEntry.OF_SOURCE, BalanceEntry.class).setParameter("kind", BalanceEntry.Kind.RELEASE)
                    .setParameter("sourceId", s.getId()).getResultStream().findFirst().map(BalanceEntry::getAmount).orElse(0L);
            parts.add(new BillMatching.Record(BillLine.Kind.RELEASE, s.getCompanyNo(), p.getOrderRef(), s.getCompanyNo(),
                    billedRelease(released, s.getParts()), p.getCurrency(), "SUCCESS", s.getFinishedAt(), p.getId(), null, s.getSettlementRef()));
        }
        return parts;
    }

    /**
     * The release line a company bills for a split with {@code finish}: the rest after every part
     * asked. A part that CLOSED came back to what was held before the split released it, so the
     * broker's release moved it too; the company bills that money on the part's own CLOSED line.
     */
    static long billedRelease(long released, List<SplitPart> parts) {
        long closed = parts.stream().filter(part -> part.getResult() == PartResult.CLOSED).mapToLong(SplitPart::getAmount).sum();
        return Math.max(0, released - closed);
    }

    private static BillMatching.Record payout(Payout p) {
        return new BillMatching.Record(BillLine.Kind.PAYOUT, p.getPayoutRef(), null, p.getPayoutRef(), p.getAmount(), p.getCurrency(),
                BillMatching.payoutState(p.getState()), p.getAcceptedAt(), null, p.getId(), p.getPayoutRef(), p.getFee());
    }

    // ---- the days ---------------------------------------------------------------------------------

    /**
     * Stores a comparison of the day: its counts and files, each difference not yet known (with
     * its event), each known one found again (open again unless an operator resolved it), and
     * each open one no longer found resolved: the records agree.
     *
     * @throws AlreadyStoredException when another run stored the day's row meanwhile: the caller stores again
     */
    public ReconciliationView compared(String merchant, String method, LocalDate day, BillMatching.Result result, List<BillFile> files,
            String by) {
        OffsetDateTime now = now();
        ReconciliationDay d = day(merchant, method, day, now);
        boolean dayOver = !now.isBefore(day.plusDays(1).atStartOfDay(BeijingTime.ZONE).toOffsetDateTime());
        d.compared(result.brokerLines(), result.companyLines(), result.matched(), result.acrossDays(), result.awaiting(), dayOver, by, now);
        for (BillDownload old : em.createNamedQuery(BillDownload.OF_DAY, BillDownload.class).setParameter("dayId", d.getId()).getResultList()) {
            em.remove(old);
        }
        for (BillFile f : files) {
            em.persist(new BillDownload(d.getId(), f.name(), f.contentType(), f.hashType(), f.hashValue(), f.content(), now));
        }
        Map<String, Discrepancy> known = new HashMap<>();
        for (Discrepancy x : ofDay(merchant, method, day)) {
            known.put(x.getLineKind() + ":" + x.getLineKey() + ":" + x.getKind(), x);
        }
        Set<String> stored = new HashSet<>();
        for (BillMatching.Found f : result.found()) {
            if (!stored.add(f.lineKind() + ":" + f.key() + ":" + f.kind())) {
                continue; // the same line twice in the bill: one difference
            }
            Discrepancy x = known.remove(f.lineKind() + ":" + f.key() + ":" + f.kind());
            boolean fresh = x == null;
            if (fresh) {
                x = new Discrepancy(merchant, method, day, f.kind(), f.lineKind().name(), f.key(), now);
                em.persist(x);
            } else {
                x.foundAgain();
            }
            x.values(f.orderRef(), f.reference(), f.merchantRef(), BillMatching.receiver(f), f.brokerAmount(), f.companyAmount(),
                    f.brokerState(), f.companyState(), f.companyLine());
            if (fresh) {
                em.flush(); // its id, for the event
                event(x, f);
                LOG.info(() -> "Reconciliation of " + merchant + " " + method + " " + day + ": " + f.kind() + " " + f.lineKind() + " "
                        + f.key());
            }
        }
        for (Discrepancy gone : known.values()) {
            if (gone.getState() == Discrepancy.State.OPEN) {
                gone.resolve(BY_RECONCILIATION, "the broker's records and the company's bill agree", now);
            }
        }
        return view(d);
    }

    /**
     * A run could not have the day's bills: counted with its reason; the day is FAILED (reported
     * to the operator) once its first attempt is {@code giveUpAfterDays} days old.
     */
    public ReconciliationView failed(String merchant, String method, LocalDate day, String reason, int giveUpAfterDays, String by) {
        OffsetDateTime now = now();
        ReconciliationDay d = day(merchant, method, day, now);
        d.failed(reason, giveUpAfterDays, by, now);
        return view(d);
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<ReconciliationView> find(String merchant, String method, LocalDate day) {
        return em.createNamedQuery(ReconciliationDay.OF_DAY, ReconciliationDay.class).setParameter("merchant", merchant)
                .setParameter("method", method).setParameter("billDate", day).getResultStream().findFirst().map(this::view);
    }

    /** Every account's reconciliation of the day at the company, by merchant. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<ReconciliationView> ofMethodAndDay(String method, LocalDate day) {
        return em.createNamedQuery(ReconciliationDay.OF_METHOD_AND_DAY, ReconciliationDay.class).setParameter("method", method)
                .setParameter("billDate", day).getResultStream().map(this::view).toList();
    }

    /** An operator resolves a difference with a note; empty when there is none with this id. */
    public Optional<ReconciliationView.DiscrepancyView> resolve(long id, String note) {
        Discrepancy x = em.find(Discrepancy.class, id);
        if (x == null) {
            return Optional.empty();
        }
        x.resolve(BY_OPERATOR, note, now());
        return Optional.of(view(x));
    }

    /** The open differences by kind, every kind present. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Map<Discrepancy.Kind, Long> openByKind() {
        Map<Discrepancy.Kind, Long> counts = new EnumMap<>(Discrepancy.Kind.class);
        for (Discrepancy.Kind k : Discrepancy.Kind.values()) {
            counts.put(k, 0L);
        }
        for (Object[] row : em.createNamedQuery(Discrepancy.OPEN_BY_KIND, Object[].class).getResultList()) {
            counts.put((Discrepancy.Kind) row[0], ((Number) row[1]).longValue());
        }
        return counts;
    }

    /** An account at a company, opened when. */
    public record Account(String merchant, String method, OffsetDateTime openedAt) {
    }

    /** The accounts opened before a time. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<Account> accounts(OffsetDateTime before) {
        return em.createNamedQuery(CompanyCredential.ACCOUNTS_OPENED_BEFORE, Object[].class).setParameter("before", before).getResultStream()
                .map(r -> new Account((String) r[0], (String) r[1], (OffsetDateTime) r[2])).toList();
    }

    /** The account's days since {@code since} that were run, with their states. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Map<LocalDate, ReconciliationDay.State> daysSince(String merchant, String method, LocalDate since) {
        Map<LocalDate, ReconciliationDay.State> days = new HashMap<>();
        em.createNamedQuery(ReconciliationDay.SINCE, ReconciliationDay.class).setParameter("merchant", merchant).setParameter("method", method)
                .setParameter("since", since).getResultStream().forEach(d -> days.put(d.getBillDate(), d.getState()));
        return days;
    }

    private ReconciliationDay day(String merchant, String method, LocalDate day, OffsetDateTime now) {
        Optional<ReconciliationDay> d = em.createNamedQuery(ReconciliationDay.OF_DAY, ReconciliationDay.class).setParameter("merchant", merchant)
                .setParameter("method", method).setParameter("billDate", day).getResultStream().findFirst();
        if (d.isPresent()) {
            return d.get();
        }
        ReconciliationDay fresh = new ReconciliationDay(merchant, method, day, now);
        Inserts.insert(em, fresh, "the reconciliation of " + day);
        return fresh;
    }

    private List<Discrepancy> ofDay(String merchant, String method, LocalDate day) {
        return em.createNamedQuery(Discrepancy.OF_DAY, Discrepancy.class).setParameter("merchant", merchant).setParameter("method", method)
                .setParameter("billDate", day).getResultList();
    }

    private void event(Discrepancy x, BillMatching.Found f) {
        JsonObjectBuilder data = Json.createObjectBuilder().add("id", x.getId()).add("paymentMethod", x.getPaymentMethod())
                .add("billDate", x.getBillDate().toString()).add("kind", x.getKind().name()).add("lineKind", x.getLineKind());
        nullable(data, "orderRef", x.getOrderRef());
        nullable(data, "reference", x.getReference());
        nullable(data, "merchantRef", x.getMerchantRef());
        nullable(data, "receiver", x.getReceiver());
        nullable(data, "brokerAmount", x.getBrokerAmount());
        nullable(data, "companyAmount", x.getCompanyAmount());
        nullable(data, "brokerState", x.getBrokerState());
        nullable(data, "companyState", x.getCompanyState());
        String target = null;
        if (f.lineKind() == BillLine.Kind.REFUND && f.paymentId() != null) {
            // A refund's events go where its own notifyUrl says, else where its payment's does (as the refund's other events).
            target = em.createNamedQuery(Refund.BY_COMPANY_NO, Object[].class).setParameter("merchant", x.getMerchant())
                    .setParameter("method", x.getPaymentMethod()).setParameter("no", f.key()).getResultStream().findFirst()
                    .map(row -> ((Refund) row[0]).getNotifyUrl() != null ? ((Refund) row[0]).getNotifyUrl()
                            : EventData.notifyUrl(((Payment) row[1]).getRequestJson())).orElse(null);
        } else if (f.paymentId() != null) {
            Payment p = em.find(Payment.class, f.paymentId());
            target = p == null ? null : EventData.notifyUrl(p.getRequestJson());
        } else if (f.payoutId() != null) {
            Payout p = em.find(Payout.class, f.payoutId());
            target = p == null ? null : p.getNotifyUrl();
        }
        Outbox.addForBooks(em, x.getMerchant(), f.paymentId(), f.payoutId(), EVENT, data.build(), target, now());
    }

    private static void nullable(JsonObjectBuilder o, String name, Object v) {
        if (v == null) {
            o.addNull(name);
        } else if (v instanceof Long n) {
            o.add(name, n);
        } else {
            o.add(name, v.toString());
        }
    }

    private ReconciliationView view(ReconciliationDay d) {
        List<ReconciliationView.File> files = em.createNamedQuery(BillDownload.OF_DAY, BillDownload.class).setParameter("dayId", d.getId())
                .getResultStream().map(f -> new ReconciliationView.File(f.getName(), f.getContentType(), f.size(), f.getHashType(),
                        f.getHashValue(), f.getDownloadedAt())).toList();
        return new ReconciliationView(d.getMerchant(), d.getPaymentMethod(), d.getBillDate(), d.getState(), d.getAttempts(),
                d.getLastError(), d.getBrokerLines(), d.getCompanyLines(), d.getMatched(), d.getAcrossDays(), d.getAwaiting(), d.getRunBy(),
                d.getReconciledAt(), ofDay(d.getMerchant(), d.getPaymentMethod(), d.getBillDate()).stream().map(ReconciliationLedger::view)
                        .toList(), files);
    }

    private static ReconciliationView.DiscrepancyView view(Discrepancy x) {
        return new ReconciliationView.DiscrepancyView(x.getId(), x.getMerchant(), x.getPaymentMethod(), x.getBillDate(), x.getKind().name(),
                x.getLineKind(), x.getOrderRef(), x.getReference(), x.getMerchantRef(), x.getReceiver(), x.getBrokerAmount(), x.getCompanyAmount(), x.getBrokerState(),
                x.getCompanyState(), x.getCompanyLine(), x.getState(), x.getResolution(), x.getResolvedBy(), x.getCreatedAt(),
                x.getResolvedAt());
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
