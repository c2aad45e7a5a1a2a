package org.cbec.reconciliation.boundary;

import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;
import org.cbec.access.control.SubjectNames;
import org.cbec.company.BillLine;
import org.cbec.company.Companies;
import org.cbec.company.CompanyAccount;
import org.cbec.company.CompanyBill;
import org.cbec.company.CompanyPort;
import org.cbec.reconciliation.ReconciliationView;
import org.cbec.reconciliation.control.BillMatching;
import org.cbec.payment.RequestOutcome;
import org.cbec.payment.control.PaymentRules;
import org.cbec.reconciliation.control.BillRun;
import org.cbec.reconciliation.control.ReconciliationLedger;
import org.cbec.payment.entity.Discrepancy;
import org.cbec.payment.entity.ReconciliationDay;
import org.cbec.platform.error.AlreadyStoredException;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.error.UnknownResourceException;
import org.cbec.platform.error.UpstreamFailureException;
import org.cbec.platform.text.FreeText;
import org.cbec.platform.time.BeijingTime;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.cbec.payment.boundary.CompanyAccounts;
import org.cbec.payment.boundary.Payments;
import org.cbec.payout.boundary.Payouts;
import org.cbec.refund.boundary.Refunds;
import org.cbec.settlement.boundary.Settlements;

/**
 * The daily reconciliation of one merchant account's records with its company's bills of one
 * Beijing day: the company's bills of the day (and of the days on either side, for lines billed
 * across midnight) are fetched through the port once per run ({@link BillRun}), which accepts the
 * unsigned files by their hash only, into working files read as streams; they are compared with the broker's records ({@link BillMatching}) and the result stored
 * with the files ({@link ReconciliationLedger}). Nothing is corrected here: a state that differs is
 * asked of the company again through the record's normal query, and the comparison is made and
 * stored again, so that the difference closes only when the records agree. No transaction spans a
 * company call.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class DailyBills {

    public static final String FAILURE = "failure while reconciling the company's bill";
    static final int MAX_NOTE = 256;
    private static final Logger LOG = Logger.getLogger(DailyBills.class.getName());

    @Inject
    Companies companies;

    @EJB
    CompanyAccounts accounts;

    @EJB
    ReconciliationLedger ledger;

    @EJB
    Payments payments;

    @EJB
    Refunds refunds;

    @EJB
    Settlements settlements;

    @EJB
    Payouts payouts;

    /** A line of the day's last minutes that the day's bill lacks waits for the next day's bill this long before midnight. */
    @Inject
    @ConfigProperty(name = "bills.boundary-minutes", defaultValue = "10")
    long boundaryMinutes;

    /** The lines (of the day's bill and its neighbours') compared at once at most: a larger day is compared in parts. */
    @Inject
    @ConfigProperty(name = "bills.lines-per-pass", defaultValue = "20000")
    long linesPerPass;

    /** Days after its first failed attempt that a day whose bills cannot be had is reported FAILED. */
    @Inject
    @ConfigProperty(name = "bills.give-up-after-days", defaultValue = "3")
    int giveUpAfterDays;

    /**
     * Reconciles the day now; {@code by} is who ran it (a node, or the operator). The outcome is the
     * day's result, or, when the company did not give the day's bill, the day's record with that
     * attempt counted and the failure an API caller is told (the failure envelope, 500).
     */
    public RequestOutcome<ReconciliationView> reconcile(String merchant, String method, LocalDate day, String by) {
        try (BillRun run = BillRun.once()) {
            return reconcile(merchant, method, day, by, run);
        }
    }

    /** As {@link #reconcile(String, String, LocalDate, String)}, within a run that fetches each account-day's bill once. */
    public RequestOutcome<ReconciliationView> reconcile(String merchant, String method, LocalDate day, String by, BillRun run) {
        CompanyPort company = companies.port(method, FAILURE);
        CompanyAccount account = accounts.account(merchant, method);
        run.forgetBefore(merchant, method, day.minusDays(1));
        BillRun.Fetched theDay = run.bill(company, account, day);
        if (theDay.bill() == null) {
            return notHad(merchant, method, day, theDay.failure(), by);
        }
        return RequestOutcome.of(compared(company, account, day, theDay.bill(), by, run));
    }

    /**
     * The day's bill compared with the broker's records (those of the days on either side as far as
     * the company gives them) and stored; a state that differs is asked of the company again
     * (its normal query) and the day compared and stored again. A day of more lines than
     * {@code bills.lines-per-pass} is compared in parts ({@link BillMatching.Slice}), one after
     * the other, each with only its own lines and records in memory; the lease is renewed between them.
     */
    private ReconciliationView compared(CompanyPort company, CompanyAccount account, LocalDate day, CompanyBill theDay, String by,
            BillRun run) {
        String merchant = account.merchant();
        String method = company.method();
        List<CompanyBill> near = new ArrayList<>();
        run.bill(company, account, day.minusDays(1)).had().ifPresent(near::add);
        boolean nextDayBilled = false;
        if (!day.plusDays(1).isAfter(BeijingTime.day(OffsetDateTime.now()))) {
            Optional<CompanyBill> next = run.bill(company, account, day.plusDays(1)).had();
            nextDayBilled = next.isPresent();
            next.ifPresent(near::add);
        }
        long lines = theDay.lineCount() + near.stream().mapToLong(CompanyBill::lineCount).sum();
        int parts = (int) Math.max(1, Math.min(Integer.MAX_VALUE, (lines + linesPerPass - 1) / linesPerPass));
        if (parts > 1) {
            LOG.info(() -> "Bills of " + merchant + " at " + method + " for " + day + ": " + lines + " lines compared in " + parts + " parts");
        }
        BillMatching.Result[] results = new BillMatching.Result[parts];
        for (int i = 0; i < parts; i++) {
            run.alive();
            results[i] = compare(merchant, method, day, theDay, near, nextDayBilled, new BillMatching.Slice(i, parts));
        }
        ReconciliationView view = store(merchant, method, day, merged(results), theDay, by);
        boolean again = false;
        for (int i = 0; i < parts; i++) {
            List<BillMatching.Found> states = results[i].found().stream().filter(f -> f.kind() == Discrepancy.Kind.STATE_DIFFERS).toList();
            if (!states.isEmpty()) {
                states.forEach(f -> refresh(merchant, method, f));
                run.alive();
                results[i] = compare(merchant, method, day, theDay, near, nextDayBilled, new BillMatching.Slice(i, parts));
                again = true;
            }
        }
        if (again) {
            view = store(merchant, method, day, merged(results), theDay, by);
        }
        return view;
    }

    private static BillMatching.Result merged(BillMatching.Result[] results) {
        BillMatching.Result all = BillMatching.Result.NONE;
        for (BillMatching.Result r : results) {
            all = all.plus(r);
        }
        return all;
    }

    /** A day's result; 404 when it was never reconciled. */
    public ReconciliationView result(String merchant, String method, String billDate, String methodField, String dateField) {
        PaymentRules.requireMethod(methodField, method);
        LocalDate day = BeijingTime.billDate(dateField, billDate, OffsetDateTime.now());
        if (!accounts.has(merchant, method)) {
            throw new InvalidRequestException(methodField, "merchant " + merchant + " has no account at " + method);
        }
        return ledger.find(merchant, method, day).orElseThrow(() -> new UnknownResourceException("the reconciliation of " + merchant
                + " at " + method + " for " + billDate + " has not run yet"));
    }

    /** Every merchant's result of the day at the company. */
    public List<ReconciliationView> results(String method, String billDate) {
        PaymentRules.requireMethod("payment_method", method);
        return ledger.ofMethodAndDay(method, BeijingTime.billDate("bill_date", billDate, OffsetDateTime.now()));
    }

    /** An operator's run of one day for every merchant account at the company; the results of all. */
    public List<ReconciliationView> runDay(String method, String billDate) {
        PaymentRules.requireMethod("paymentMethod", method);
        LocalDate day = BeijingTime.billDate("billDate", billDate, OffsetDateTime.now());
        companies.port(method, FAILURE);
        List<ReconciliationView> out = new ArrayList<>();
        for (ReconciliationLedger.Account a : ledger.accounts(OffsetDateTime.now())) {
            if (a.method().equals(method)) {
                // A bill not had is counted against the day; its result says so, and the others go on.
                out.add(reconcile(a.merchant(), method, day, ReconciliationLedger.BY_OPERATOR).view());
            }
        }
        return out;
    }

    /** An operator's run of one day for one merchant account. */
    public ReconciliationView runDay(String merchant, String method, String billDate) {
        PaymentRules.requireMethod("paymentMethod", method);
        LocalDate day = BeijingTime.billDate("billDate", billDate, OffsetDateTime.now());
        SubjectNames.require("merchant", merchant);
        if (!accounts.has(merchant, method)) {
            throw new InvalidRequestException("merchant", "merchant " + merchant + " has no account at " + method);
        }
        return reconcile(merchant, method, day, ReconciliationLedger.BY_OPERATOR).answer();
    }

    /** Resolves an open discrepancy with the operator's note: several lines of text, stored and never sent on. */
    public ReconciliationView.DiscrepancyView resolve(String id, String note) {
        long n;
        try {
            n = Long.parseLong(id);
        } catch (NumberFormatException e) {
            throw new UnknownResourceException("no discrepancy " + id);
        }
        if (note == null || note.isBlank() || note.length() > MAX_NOTE) {
            throw new InvalidRequestException("note", "note is required, at most " + MAX_NOTE + " characters");
        }
        FreeText.checkLines("note", note, MAX_NOTE);
        return ledger.resolve(n, note.strip()).orElseThrow(() -> new UnknownResourceException("no discrepancy " + id));
    }

    /** One part of the day: its lines of the day's and the neighbours' bills, read from the files, against its records. */
    private BillMatching.Result compare(String merchant, String method, LocalDate day, CompanyBill theDay, List<CompanyBill> nearBills,
            boolean nextDayBilled, BillMatching.Slice slice) {
        List<BillLine> lines = new ArrayList<>();
        theDay.forEachLine(slice::holds, l -> {
            if (slice.holds(l)) {
                lines.add(l);
            }
        });
        List<BillLine> near = new ArrayList<>();
        nearBills.forEach(b -> b.forEachLine(slice::holds, l -> {
            if (slice.holds(l)) {
                near.add(l);
            }
        }));
        OffsetDateTime from = day.minusDays(1).atStartOfDay(BeijingTime.ZONE).toOffsetDateTime();
        OffsetDateTime to = day.plusDays(2).atStartOfDay(BeijingTime.ZONE).toOffsetDateTime();
        List<BillMatching.Record> broker = new ArrayList<>(ledger.records(merchant, method, from, to, slice));
        Set<String> have = new HashSet<>();
        broker.forEach(r -> have.add(r.kind() + ":" + r.key()));
        List<BillLine> unknown = lines.stream().filter(l -> l.kind() != BillLine.Kind.OTHER
                && !have.contains(l.kind() + ":" + BillMatching.key(l))).toList();
        broker.addAll(ledger.recordsOf(merchant, method, unknown));
        return BillMatching.compare(day, broker, lines, near, nextDayBilled, Duration.ofMinutes(boundaryMinutes));
    }

    private ReconciliationView store(String merchant, String method, LocalDate day, BillMatching.Result result, CompanyBill bill, String by) {
        try {
            return ledger.compared(merchant, method, day, result, bill.files(), by);
        } catch (AlreadyStoredException concurrent) {
            return ledger.compared(merchant, method, day, result, bill.files(), by);
        }
    }

    /** The day's bill not had: the attempt counted against the day (FAILED after {@code giveUpAfterDays}), and the failure. */
    private RequestOutcome<ReconciliationView> notHad(String merchant, String method, LocalDate day, String reason, String by) {
        ReconciliationView v;
        try {
            v = ledger.failed(merchant, method, day, reason, giveUpAfterDays, by);
        } catch (AlreadyStoredException concurrent) {
            v = ledger.failed(merchant, method, day, reason, giveUpAfterDays, by);
        }
        if (v.state() == ReconciliationDay.State.FAILED) {
            LOG.warning(() -> "The bills of " + merchant + " at " + method + " for " + day + " could not be had for " + giveUpAfterDays
                    + " days (" + reason + "): reported, no further attempts");
        }
        return RequestOutcome.failed(v, new UpstreamFailureException(FAILURE, "the bill of " + day + ": " + reason + "; attempt "
                + v.attempts() + ", tried again later"));
    }

    /** Asks the company again for a record whose state differs, through its normal query; a failure leaves it for the next run. */
    private void refresh(String merchant, String method, BillMatching.Found f) {
        if (f.merchantRef() == null) {
            return;
        }
        RequestOutcome<?> asked = switch (f.lineKind()) {
            case PAYMENT -> payments.refreshed(payments.find(merchant, method, f.merchantRef()));
            case REFUND -> refunds.refreshed(merchant, method, f.orderRef(), f.merchantRef());
            case SPLIT, RELEASE -> settlements.refreshed(merchant, method, f.orderRef(), f.merchantRef());
            case PAYOUT -> payouts.refreshed(merchant, method, f.merchantRef());
            default -> throw new IllegalStateException("a bill line of kind " + f.lineKind());
        };
        asked.problem().ifPresent(why -> LOG.info(() -> "Reconciliation: " + f.lineKind() + " " + f.key() + " of " + merchant
                + " not refreshed: " + why));
    }
}
