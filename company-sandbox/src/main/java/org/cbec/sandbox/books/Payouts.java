package org.cbec.sandbox.books;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import org.cbec.sandbox.books.PayoutRules.Accept;
import org.cbec.sandbox.books.PayoutRules.Decision;
import org.cbec.sandbox.books.PayoutRules.Refuse;
import org.cbec.sandbox.books.PayoutRules.Refused;
import org.cbec.sandbox.entity.Account;
import org.cbec.sandbox.entity.Beneficiary;
import org.cbec.sandbox.entity.CompanyOrder;
import org.cbec.sandbox.entity.CompanyRefund;
import org.cbec.sandbox.entity.Payout;
import org.cbec.sandbox.entity.PayoutTermsOfDay;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The company's payouts abroad, as this project's convention has them (neither real company offers
 * a merchant-requested payout; this is modelled on WeChat Pay's cross-border settlement batches):
 * each account's CNY funds, derived from its own books (CNY orders paid and not held, releases of
 * held money, minus refunds not CLOSED and payouts not FAILED); the account's beneficiary abroad;
 * payouts accepted at the company's rate and fee of the day ({@link Terms}), paid after the
 * configured delay, or failed when a test arranged it. Both protocol packages call this; the admin
 * API shows the balance, so a test can compare it with the broker's.
 *
 * <p>Every payout and beneficiary change locks the account's row first, so that concurrent payouts
 * of one account are decided one after the other and never take more than is available. A payout
 * is ACCEPTED until its delay has passed, then PAID, or FAILED with the reason a test arranged for
 * the account when it was accepted; the callback sender's timer stores that, and so does any read
 * of the payout or of the balance that finds it due. The arithmetic and the refusals are
 * {@link PayoutRules}'. The beneficiary's holder name and account number are never stored, logged
 * or answered in clear.
 */
@Stateless
public class Payouts {

    private static final Logger LOG = Logger.getLogger(Payouts.class.getName());

    @PersistenceContext(unitName = "sandbox")
    EntityManager em;

    @Inject
    Settlements settlements;

    /** Read as {@link Books} reads it: an alphapay refund's outcome counts once its delay has passed. */
    @Inject
    @ConfigProperty(name = "sandbox.refund.delay-ms", defaultValue = "2000")
    long refundDelayMs;

    /** Why the company refuses a beneficiary or a payout; each protocol package has its own code for each. */
    public enum Refusal {
        /** A field missing or malformed (the protocol's parameter error). */
        INVALID_REQUEST,
        /** More than the account's available funds. */
        NOT_ENOUGH,
        /** No beneficiary registered for the account. */
        NO_BENEFICIARY,
        /** The target currency is not the beneficiary's, or not one the company pays in. */
        CURRENCY_NOT_ACCEPTED,
        /** The same payout number with another amount or currency. */
        NUMBER_REUSED
    }

    /** The company's daily terms for one target currency: its rate (CNY per unit), the day it is for, its fee, its delay. */
    public record Terms(String currency, BigDecimal rate, LocalDate rateDate, long feeFixed, BigDecimal feePercent,
            long paidAfterSeconds) {
    }

    public record BeneficiaryTerms(String holderName, String accountNumber, String swiftCode, String bankCountry, String currency) {
    }

    /** The beneficiary as shown: account masked to its last four characters, name to its first. */
    public record BeneficiaryView(String holderName, String accountNumber, String swiftCode, String bankCountry, String currency) {
    }

    public record BeneficiaryOutcome(BeneficiaryView beneficiary, Refusal refusal, String reason) {
    }

    public record PayoutTerms(String payoutNo, long amount, String currency, String targetCurrency, String description) {
    }

    /** A payout as the company reports it; times are Beijing time. */
    public record PayoutView(String payoutNo, String payoutId, String state, long amount, String currency, long fee, BigDecimal rate,
            LocalDate rateDate, long targetAmount, String targetCurrency, String failReason, OffsetDateTime acceptedAt,
            OffsetDateTime paidAt) {
    }

    public record PayoutOutcome(PayoutView payout, boolean repeated, Refusal refusal, String reason) {
    }

    /** The account's funds in CNY fen, as the broker's balance names them. */
    public record Balance(long available, long held, long inTransit, long paidOut, long pending) {

        public Balance(long available, long held, long inTransit, long paidOut) {
            this(available, held, inTransit, paidOut, 0);
        }
    }

    /** The admin view: the balance, the beneficiary (masked) and every payout, newest first. */
    public record Funds(Balance balance, BeneficiaryView beneficiary, List<PayoutView> payouts) {
    }

    /** The terms the company pays in for one currency, and whether a test configured them (else: the default). */
    public record OfferedTerms(Terms terms, boolean configured) {
    }

    // ---- beneficiary and payouts (the protocols' calls) ----------------------------------------

    /** Registers the account's beneficiary abroad, replacing the one it had; refused when a field is missing or malformed. */
    public BeneficiaryOutcome registerBeneficiary(Party party, BeneficiaryTerms terms) {
        Optional<Refused> refused = PayoutRules.checkBeneficiary(terms);
        if (refused.isPresent()) {
            return new BeneficiaryOutcome(null, refused.get().refusal(), refused.get().reason());
        }
        lock(party.accountId());
        Optional<Beneficiary> existing = beneficiary(party.accountId());
        Beneficiary b = existing.orElseGet(() -> new Beneficiary(party.accountId()));
        b.register(PayoutRules.maskHolder(terms.holderName()), PayoutRules.maskAccount(terms.accountNumber()),
                PayoutRules.accountHash(terms.accountNumber()), terms.swiftCode(), terms.bankCountry(), terms.currency(),
                Companies.now());
        if (existing.isEmpty()) {
            em.persist(b);
        }
        em.flush();
        LOG.info(() -> String.format("%s beneficiary %s: account %s, %s %s %s %s", party.paymentMethod(),
                existing.isEmpty() ? "registered" : "replaced", party.companyMerchantId(), b.getAccountMask(), b.getSwiftCode(),
                b.getBankCountry(), b.getCurrency()));
        return new BeneficiaryOutcome(view(b), null, null);
    }

    /**
     * Accepts a payout at the terms of the day, finds it again (the same number with the same
     * terms: {@code repeated}), or refuses it; decided under the account's row lock, after the
     * account's due payouts are settled (a failed one's money is available again).
     */
    public PayoutOutcome payout(Party party, PayoutTerms terms) {
        Optional<Refused> shape = PayoutRules.checkShape(terms);
        if (shape.isPresent()) {
            return refused(shape.get().refusal(), shape.get().reason());
        }
        Account account = lock(party.accountId());
        OffsetDateTime now = Companies.now();
        settleDue(party.accountId(), now);
        Optional<Payout> stored = byNumber(party.accountId(), terms.payoutNo());
        String beneficiaryCurrency = beneficiary(party.accountId()).map(Beneficiary::getCurrency).orElse(null);
        Terms dayTerms = offered(party.paymentMethod()).stream().map(OfferedTerms::terms)
                .filter(t -> t.currency().equals(terms.targetCurrency())).findFirst().orElse(null);
        Decision decision = PayoutRules.decide(terms,
                stored.map(p -> new PayoutRules.Stored(p.getAmount(), p.getCurrency(), p.getTargetCurrency())).orElse(null),
                beneficiaryCurrency, dayTerms, () -> balance(party.accountId(), now).available());
        if (decision instanceof Refuse r) {
            return refused(r.refusal(), r.reason());
        }
        if (!(decision instanceof Accept accept)) {
            return new PayoutOutcome(view(stored.orElseThrow()), true, null, null);
        }
        Payout p = new Payout(party.accountId(), terms.payoutNo(), Companies.newPayoutId(party.paymentMethod()), terms.amount(),
                terms.currency(), accept.fee(), dayTerms.rate().setScale(PayoutRules.RATE_SCALE, RoundingMode.UNNECESSARY),
                dayTerms.rateDate(), accept.targetAmount(), dayTerms.currency(), account.getPayoutFailure(), terms.description(), now,
                now.plusSeconds(dayTerms.paidAfterSeconds()));
        em.persist(p);
        em.flush();
        LOG.info(() -> String.format("%s payout accepted: account %s, payout %s (%s), %d CNY, fee %d, %d %s at %s of %s%s",
                party.paymentMethod(), party.companyMerchantId(), p.getPayoutNo(), p.getPayoutId(), p.getAmount(), p.getFee(),
                p.getTargetAmount(), p.getTargetCurrency(), PayoutRules.rateText(p.getRate()), p.getRateDate(),
                account.getPayoutFailure() == null ? "" : ", arranged to fail"));
        return new PayoutOutcome(view(p), false, null, null);
    }

    /** The payout with this number (one now due is paid or failed first), or empty. */
    public Optional<PayoutView> payout(Party party, String payoutNo) {
        if (payoutNo == null) {
            return Optional.empty();
        }
        Optional<Payout> p = byNumber(party.accountId(), payoutNo);
        OffsetDateTime now = Companies.now();
        if (p.isPresent() && p.get().getState() == Payout.State.ACCEPTED && PayoutRules.due(p.get().getDueAt(), now)) {
            lock(party.accountId());
            settleDue(party.accountId(), now);
            em.refresh(p.get());
        }
        return p.map(Payouts::view);
    }

    /** The account's funds in CNY fen as of now, derived from its books (due payouts are paid or failed first). */
    public Balance balance(long accountId) {
        OffsetDateTime now = Companies.now();
        if (!due(accountId, now).isEmpty()) {
            lock(accountId);
            settleDue(accountId, now);
        }
        return balance(accountId, now);
    }

    // ---- the admin API's calls -------------------------------------------------------------------

    /** The balance, the beneficiary (masked) and every payout of the account, newest first. */
    public Funds funds(long accountId) {
        Balance balance = balance(accountId);
        List<PayoutView> payouts = em.createNamedQuery(Payout.OF_ACCOUNT, Payout.class).setParameter("accountId", accountId)
                .getResultStream().map(Payouts::view).toList();
        return new Funds(balance, beneficiary(accountId).map(Payouts::view).orElse(null), payouts);
    }

    /** The terms the company pays in: those configured, and the default GBP terms while GBP has none of its own. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<OfferedTerms> offered(String paymentMethod) {
        List<Terms> configured = configured(paymentMethod).stream().map(Payouts::terms).toList();
        return PayoutRules.effective(configured, Companies.today()).stream()
                .map(t -> new OfferedTerms(t, configured.contains(t))).toList();
    }

    /**
     * Sets the company's terms for one currency (the same currency again replaces them); payouts
     * accepted before keep theirs. Terms the rules refuse are an IllegalArgumentException (the
     * admin API checks them first and names the field).
     */
    public Terms setTerms(String paymentMethod, Terms terms) {
        PayoutRules.checkTerms(terms).ifPresent(p -> {
            throw new IllegalArgumentException(p.message());
        });
        Optional<PayoutTermsOfDay> existing = configured(paymentMethod).stream()
                .filter(t -> t.getCurrency().equals(terms.currency())).findFirst();
        PayoutTermsOfDay row = existing.orElseGet(() -> new PayoutTermsOfDay(paymentMethod, terms.currency()));
        row.set(terms.rate().setScale(PayoutRules.RATE_SCALE, RoundingMode.UNNECESSARY), terms.rateDate(), terms.feeFixed(),
                terms.feePercent().setScale(PayoutRules.FEE_PERCENT_SCALE, RoundingMode.UNNECESSARY), terms.paidAfterSeconds(),
                Companies.now());
        if (existing.isEmpty()) {
            em.persist(row);
        }
        em.flush();
        Terms set = terms(row);
        LOG.info(() -> String.format("%s payout terms set: %s at %s of %s, fee %d + %s%%, paid after %d s", paymentMethod,
                set.currency(), PayoutRules.rateText(set.rate()), set.rateDate(), set.feeFixed(),
                PayoutRules.percentText(set.feePercent()), set.paidAfterSeconds()));
        return set;
    }

    /** Removes the company's terms for the currency (GBP falls back to the default); whether it had any. */
    public boolean clearTerms(String paymentMethod, String currency) {
        Optional<PayoutTermsOfDay> row = configured(paymentMethod).stream().filter(t -> t.getCurrency().equals(currency)).findFirst();
        row.ifPresent(r -> {
            em.remove(r);
            LOG.info(() -> String.format("%s payout terms for %s removed", paymentMethod, currency));
        });
        return row.isPresent();
    }

    /** Test helper: the account's payouts accepted from now on end FAILED with {@code reason}; null: they are paid again. */
    public void arrangeFailure(Party party, String reason) {
        lock(party.accountId()).arrangePayoutFailure(reason);
        LOG.info(() -> String.format("%s payouts accepted from now on will %s: account %s", party.paymentMethod(),
                reason == null ? "be paid" : "fail", party.companyMerchantId()));
    }

    // ---- the timer's work ------------------------------------------------------------------------

    /** The accounts (row ids) with a payout stored ACCEPTED whose time has come (at most {@code max}). */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<Long> accountsToSettle(int max) {
        return em.createNamedQuery(Payout.ACCOUNTS_DUE, Long.class).setParameter("accepted", Payout.State.ACCEPTED)
                .setParameter("now", Companies.now()).setMaxResults(max).getResultList();
    }

    /** Pays or fails the account's due payouts, under its row lock; returns how many. */
    public int settleDue(long accountId) {
        lock(accountId);
        return settleDue(accountId, Companies.now());
    }

    // ---- internals -------------------------------------------------------------------------------

    /** Under the account's row lock: its ACCEPTED payouts whose time came by {@code now} are paid or failed. */
    private int settleDue(long accountId, OffsetDateTime now) {
        List<Payout> due = due(accountId, now);
        for (Payout p : due) {
            p.settle();
            LOG.info(() -> String.format("payout %s (%s) %s: account row %d%s", p.getPayoutNo(), p.getPayoutId(), p.getState(),
                    accountId, p.getState() == Payout.State.FAILED ? ", " + p.getFailReason() : ""));
        }
        if (!due.isEmpty()) {
            em.flush();
        }
        return due.size();
    }

    private List<Payout> due(long accountId, OffsetDateTime now) {
        return em.createNamedQuery(Payout.DUE_OF_ACCOUNT, Payout.class).setParameter("accountId", accountId)
                .setParameter("accepted", Payout.State.ACCEPTED).setParameter("now", now).getResultList();
    }

    /**
     * The funds from the books, CNY only: orders paid (held or not) less their fees, their refunds
     * less the fees given back, the holdings, the payouts; orders not held whose settlement day
     * has not come (the account's cycle) and their refunds are pending, not available.
     */
    private Balance balance(long accountId, OffsetDateTime now) {
        // Orders paid from this time on are not settled yet (their pay day + the account's cycle has not come).
        int days = em.find(org.cbec.sandbox.entity.Account.class, accountId).getSettlementDays();
        OffsetDateTime unsettledFrom = now.atZoneSameInstant(Companies.BEIJING).toLocalDate().minusDays(days).plusDays(1).atStartOfDay()
                .atOffset(Companies.BEIJING);
        long paidNotHeld = 0;
        for (Object[] row : em.createNamedQuery(CompanyOrder.PAID_SUMS, Object[].class).setParameter("accountId", accountId)
                .setParameter("paid", CompanyOrder.State.SUCCESS).setParameter("currency", PayoutRules.CNY).getResultList()) {
            if (!flag(row[0])) {
                paidNotHeld += ((Number) row[1]).longValue();
            }
        }
        Number unsettled = em.createNamedQuery(CompanyOrder.PAID_NOT_HELD_SINCE, Number.class).setParameter("accountId", accountId)
                .setParameter("paid", CompanyOrder.State.SUCCESS).setParameter("currency", PayoutRules.CNY).setParameter("since", unsettledFrom)
                .getSingleResult();
        List<CompanyRefund> refundsNotHeld = new ArrayList<>();
        List<CompanyRefund> refundsUnsettled = new ArrayList<>();
        for (Object[] row : em.createNamedQuery(CompanyRefund.OF_PAID_ORDERS, Object[].class).setParameter("accountId", accountId)
                .setParameter("paid", CompanyOrder.State.SUCCESS).setParameter("currency", PayoutRules.CNY).getResultList()) {
            if (!flag(row[1])) {
                refundsNotHeld.add((CompanyRefund) row[0]);
                if (!((OffsetDateTime) row[2]).isBefore(unsettledFrom)) {
                    refundsUnsettled.add((CompanyRefund) row[0]);
                }
            }
        }
        List<Settlements.HeldView> held = new ArrayList<>();
        for (Object ref : em.createNamedQuery(CompanyOrder.PAID_HELD).setParameter(1, accountId)
                .setParameter(2, PayoutRules.CNY).getResultList()) {
            settlements.held(accountId, (String) ref, null).ifPresent(held::add);
        }
        long accepted = 0;
        long paid = 0;
        for (Object[] row : em.createNamedQuery(Payout.SUMS, Object[].class).setParameter("accountId", accountId).getResultList()) {
            long sum = ((Number) row[1]).longValue();
            switch ((Payout.State) row[0]) {
                case ACCEPTED -> accepted = sum;
                case PAID -> paid = sum;
                case FAILED -> {
                    // its money is back: it takes nothing
                }
            }
        }
        long pending = (unsettled == null ? 0 : unsettled.longValue()) - refundedNet(refundsUnsettled, now);
        return PayoutRules.balance(paidNotHeld, refundedNet(refundsNotHeld, now), held, accepted, paid, pending);
    }

    /** What the refunds not CLOSED as of now take: their amounts less the fees they gave back. */
    private long refundedNet(List<CompanyRefund> refunds, OffsetDateTime now) {
        return Books.refunded(refunds, now, refundDelayMs) - Books.feeGivenBack(refunds, now, refundDelayMs);
    }

    /** A selected boolean column, as EclipseLink hands it back (a Boolean, or 0/1 from some drivers). */
    private static boolean flag(Object value) {
        return value instanceof Number n ? n.intValue() != 0 : Boolean.TRUE.equals(value);
    }

    private Account lock(long accountId) {
        return em.find(Account.class, accountId, LockModeType.PESSIMISTIC_WRITE);
    }

    private Optional<Beneficiary> beneficiary(long accountId) {
        return em.createNamedQuery(Beneficiary.OF_ACCOUNT, Beneficiary.class).setParameter("accountId", accountId)
                .getResultStream().findFirst();
    }

    private Optional<Payout> byNumber(long accountId, String payoutNo) {
        return em.createNamedQuery(Payout.BY_NUMBER, Payout.class).setParameter("accountId", accountId)
                .setParameter("payoutNo", payoutNo).getResultStream().findFirst();
    }

    private List<PayoutTermsOfDay> configured(String paymentMethod) {
        return em.createNamedQuery(PayoutTermsOfDay.OF_COMPANY, PayoutTermsOfDay.class).setParameter("paymentMethod", paymentMethod)
                .getResultList();
    }

    private static Terms terms(PayoutTermsOfDay t) {
        return new Terms(t.getCurrency(), t.getRate(), t.getRateDate(), t.getFeeFixed(), t.getFeePercent(), t.getPaidAfterSeconds());
    }

    private static PayoutOutcome refused(Refusal refusal, String reason) {
        return new PayoutOutcome(null, false, refusal, reason);
    }

    private static PayoutView view(Payout p) {
        return new PayoutView(p.getPayoutNo(), p.getPayoutId(), p.getState().name(), p.getAmount(), p.getCurrency(), p.getFee(),
                p.getRate(), p.getRateDate(), p.getTargetAmount(), p.getTargetCurrency(), p.getFailReason(),
                p.getAcceptedAt().withOffsetSameInstant(Companies.BEIJING),
                p.getPaidAt() == null ? null : p.getPaidAt().withOffsetSameInstant(Companies.BEIJING));
    }

    private static BeneficiaryView view(Beneficiary b) {
        return new BeneficiaryView(b.getHolderMask(), b.getAccountMask(), b.getSwiftCode(), b.getBankCountry(), b.getCurrency());
    }
}
