package org.cbec.sandbox.faults;

import jakarta.ejb.EJBException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;
import java.sql.SQLException;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;
import org.cbec.sandbox.books.Desk;
import org.cbec.sandbox.books.RequestLog;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Where every authenticated company request is served: the account's fault (if any) is applied,
 * the request is logged, and the work runs on the books in one transaction. Both companies' gates
 * come through here; what they get back is the answer to sign, or the status of an ERROR fault.
 *
 * <p>Stalls happen here, on the request's thread and outside any transaction: a stalled request
 * holds no connection. Stalling a thread is the point of these faults (the broker must time out).
 */
@ApplicationScoped
public class Reception {

    /**
     * What the gate sends: the work's answer (signed badly when asked), an ERROR fault's status, or
     * a REFUSE fault's refusal (its status for alphapay and its company error code), signed.
     */
    public record Served<A>(A answer, Integer errorStatus, boolean badSignature, Refusal refusal) {

        Served(A answer, Integer errorStatus, boolean badSignature) {
            this(answer, errorStatus, badSignature, null);
        }
    }

    /** A REFUSE fault's answer: alphapay's HTTP status, and the company error code. */
    public record Refusal(int status, String code) {
    }

    @Inject
    Faults faults;

    @Inject
    Desk desk;

    @Inject
    RequestLog log;

    /** Longer than the broker's 5 s read timeout, so that the broker gives up first. */
    @Inject
    @ConfigProperty(name = "sandbox.timeout-fault-ms", defaultValue = "6500")
    long timeoutFaultMs;

    public <A> Served<A> serve(RequestLog.Visit visit, Supplier<A> work, ToIntFunction<A> statusOf) {
        Optional<Fault> fault = faults.take(visit.accountId(), visit.orderRef(), visit.kind());
        Fault.Mode mode = fault.map(Fault::mode).orElse(null);
        if (mode == Fault.Mode.ERROR) {
            log.answered(visit, null, fault.get().status());
            return new Served<>(null, fault.get().status(), false);
        }
        if (mode == Fault.Mode.REFUSE && !fault.get().afterWork()) {
            // The HTTP status the refusal goes out with: betapay answers every refusal with 200.
            log.answered(visit, null, "betapay".equals(visit.paymentMethod()) ? 200 : fault.get().status());
            return new Served<>(null, null, false, new Refusal(fault.get().status(), fault.get().code()));
        }
        Long receivedId = null;
        if (fault.isPresent() && fault.get().stalls()) {
            receivedId = log.received(visit);
            try {
                fault.get().stall(timeoutFaultMs);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        A answer;
        try {
            answer = desk.serve(visit, receivedId, work, statusOf);
        } catch (EJBException | PersistenceException e) {
            if (!isConstraintViolation(e)) {
                throw e;
            }
            // The same create arrived twice at once and the other one stored the order first: in a
            // fresh transaction the work finds it (and answers the same order, or the conflict).
            answer = desk.serve(visit, receivedId, work, statusOf);
        }
        if (mode == Fault.Mode.REFUSE) {
            return new Served<>(null, null, false, new Refusal(fault.get().status(), fault.get().code()));
        }
        return new Served<>(answer, null, mode == Fault.Mode.BAD_SIGNATURE);
    }

    public static boolean isConstraintViolation(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SQLException sql && sql.getSQLState() != null && sql.getSQLState().startsWith("23")) {
                return true;
            }
        }
        return false;
    }
}
