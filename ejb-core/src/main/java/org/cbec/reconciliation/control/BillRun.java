package org.cbec.reconciliation.control;

import java.time.LocalDate;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import org.cbec.company.CompanyAccount;
import org.cbec.company.CompanyBill;
import org.cbec.company.CompanyPort;
import org.cbec.company.ExchangeRecorder;

/**
 * One run of the daily reconciliation: each account-day's bill is fetched from the company once in
 * the run, whether it is the day reconciled or a neighbour of one, and kept (its working files)
 * until the run no longer needs it; {@link #alive} is called between the parts of a long day, to
 * renew the run's lease (it throws when the lease was lost, which ends the run). Used by one thread.
 */
public final class BillRun implements AutoCloseable {

    /** A day's bill as the company gave it, or why it did not. */
    public record Fetched(CompanyBill bill, String failure) {

        public Optional<CompanyBill> had() {
            return Optional.ofNullable(bill);
        }
    }

    /** The run lost its lease to another node: the day is left for that node. Passed through the beans as it is. */
    @jakarta.ejb.ApplicationException
    public static final class LeaseLost extends RuntimeException {

        private static final long serialVersionUID = 1L;

        public LeaseLost(String message) {
            super(message, null, false, false);
        }
    }

    private final Runnable alive;
    private final Map<String, Map<LocalDate, Fetched>> bills = new HashMap<>();

    public BillRun(Runnable alive) {
        this.alive = alive;
    }

    /** A run of one day by an operator: no lease to renew. */
    public static BillRun once() {
        return new BillRun(() -> { });
    }

    public void alive() {
        alive.run();
    }

    /** The account's bill of the day: fetched once in the run. */
    public Fetched bill(CompanyPort company, CompanyAccount account, LocalDate day) {
        Map<LocalDate, Fetched> days = bills.computeIfAbsent(account.merchant() + " " + company.method(), k -> new HashMap<>());
        Fetched fetched = days.get(day);
        if (fetched == null) {
            fetched = company.bill(account, day, ExchangeRecorder.NONE).fold(bill -> new Fetched(bill, null),
                    refused -> new Fetched(null, refused.text()), unanswered -> new Fetched(null, unanswered.reason()));
            days.put(day, fetched);
        }
        return fetched;
    }

    /** Lets go of the account's bills before {@code day}: the run's later days do not need them. */
    public void forgetBefore(String merchant, String method, LocalDate day) {
        Map<LocalDate, Fetched> days = bills.get(merchant + " " + method);
        if (days == null) {
            return;
        }
        for (Iterator<Map.Entry<LocalDate, Fetched>> i = days.entrySet().iterator(); i.hasNext();) {
            Map.Entry<LocalDate, Fetched> e = i.next();
            if (e.getKey().isBefore(day)) {
                e.getValue().had().ifPresent(CompanyBill::close);
                i.remove();
            }
        }
    }

    /** Deletes every bill's working files. */
    @Override
    public void close() {
        bills.values().forEach(days -> days.values().forEach(f -> f.had().ifPresent(CompanyBill::close)));
        bills.clear();
    }
}
