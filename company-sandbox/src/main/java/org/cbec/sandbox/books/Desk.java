package org.cbec.sandbox.books;

import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;

/**
 * Serves one company request in one transaction: the work on the books and the request's line in
 * the log commit together, so the log never counts an order the books do not have, and the two cost
 * one commit rather than two.
 */
@Stateless
public class Desk {

    @Inject
    RequestLog log;

    /**
     * Runs {@code work} (which calls {@link Books}, joining this transaction), then records the
     * status of its answer for {@code visit} ({@code receivedId}: the row stored before a stall).
     */
    public <A> A serve(RequestLog.Visit visit, Long receivedId, Supplier<A> work, ToIntFunction<A> statusOf) {
        A answer = work.get();
        log.answered(visit, receivedId, statusOf.applyAsInt(answer));
        return answer;
    }
}
