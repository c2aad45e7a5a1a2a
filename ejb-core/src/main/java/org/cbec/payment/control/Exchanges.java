package org.cbec.payment.control;

import java.util.ArrayList;
import java.util.List;
import org.cbec.company.Exchange;
import org.cbec.payment.entity.PaymentEvent;

/**
 * The exchanges of one payment operation, kept in memory until the operation's outcome is
 * written: they are stored in the same transaction as the outcome (one commit, not one per
 * exchange). Should the broker stop before that commit, the payment's intent is already stored
 * (with its money request's row held) and the janitor takes it over once its holder is gone.
 */
public final class Exchanges implements EventSink {

    /** One exchange (or unsent call) as it will be stored. */
    public record Entry(String operation, PaymentEvent.Outcome outcome, Integer httpStatus, long durationMs, String request,
            String response, String error) {
    }

    private final List<Entry> entries = new ArrayList<>();

    @Override
    public void record(Exchange e, Outcome outcome) {
        entries.add(new Entry(e.operation(), PaymentEvent.Outcome.valueOf(outcome.name()), e.httpStatus(), e.durationMs(),
                e.request(), e.response(), e.error()));
    }

    @Override
    public void notSent(String operation, String reason) {
        entries.add(new Entry(operation, PaymentEvent.Outcome.NOT_SENT, null, 0, null, null, reason));
    }

    public List<Entry> entries() {
        return List.copyOf(entries);
    }

    /** Whether anything went other than OK: such exchanges are kept even when the payment does not change. */
    public boolean anyNotOk() {
        return entries.stream().anyMatch(e -> e.outcome() != PaymentEvent.Outcome.OK);
    }
}
