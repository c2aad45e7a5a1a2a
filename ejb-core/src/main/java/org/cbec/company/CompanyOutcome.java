package org.cbec.company;

import java.util.function.Function;

/**
 * What became of one call to a company, as a value: it {@link Answered answered} (with what it
 * said), {@link Refused refused} (its code and message: it is up and said no), the call was
 * {@link NotSent not sent} at all (nothing left this broker), or it was sent and {@link NoAnswer no
 * usable answer} came back (the company may have acted). Made once, by {@link CompanyPort}, from
 * whatever the adapter and Fault Tolerance did; every caller handles every case through
 * {@link #fold}, so that a new case fails the compilation of each one.
 *
 * @param <T> what the company answers
 */
public sealed interface CompanyOutcome<T> {

    /**
     * The one way to read an outcome: exactly one of the four functions is applied, by case.
     * Java 17's switch cannot yet match the sealed cases; this method is what makes the cases
     * exhaustive for every caller.
     */
    <R> R fold(Function<? super T, ? extends R> answered, Function<Refused<T>, ? extends R> refused,
            Function<NotSent<T>, ? extends R> notSent, Function<NoAnswer<T>, ? extends R> noAnswer);

    /** As {@link #fold}, for a caller that treats a call not sent and one without an answer alike. */
    default <R> R fold(Function<? super T, ? extends R> answered, Function<Refused<T>, ? extends R> refused,
            Function<Unanswered<T>, ? extends R> unanswered) {
        return fold(answered, refused, unanswered::apply, unanswered::apply);
    }

    /** Nothing usable came back: the call was not sent, or sent without an answer. */
    sealed interface Unanswered<T> extends CompanyOutcome<T> {
        /** In words for the caller's {@code errors}. */
        String reason();

        /** Whether it was this broker's own saturation (not the company's failure): the caller may send again at once. */
        boolean saturated();

        /** Whether the call left the broker, so that the company may have acted on it. */
        boolean sent();
    }

    /** The company answered; {@code answer} is what it said, in the broker's terms (null for a call that answers nothing, a close). */
    record Answered<T>(T answer) implements CompanyOutcome<T> {
        @Override
        public <R> R fold(Function<? super T, ? extends R> answered, Function<Refused<T>, ? extends R> refused,
                Function<NotSent<T>, ? extends R> notSent, Function<NoAnswer<T>, ? extends R> noAnswer) {
            return answered.apply(answer);
        }
    }

    /** A verified business refusal: the company is up and said no. */
    record Refused<T>(String code, String message) implements CompanyOutcome<T> {
        /** As it is stored and shown: {@code code: message}. */
        public String text() {
            return code + ": " + message;
        }

        @Override
        public <R> R fold(Function<? super T, ? extends R> answered, Function<Refused<T>, ? extends R> refused,
                Function<NotSent<T>, ? extends R> notSent, Function<NoAnswer<T>, ? extends R> noAnswer) {
            return refused.apply(this);
        }
    }

    /** The call never left this broker: the company cannot have acted on it. */
    record NotSent<T>(Why why) implements Unanswered<T> {
        @Override
        public String reason() {
            return why.reason;
        }

        @Override
        public boolean saturated() {
            return why == Why.BULKHEAD_FULL;
        }

        @Override
        public boolean sent() {
            return false;
        }

        @Override
        public <R> R fold(Function<? super T, ? extends R> answered, Function<Refused<T>, ? extends R> refused,
                Function<NotSent<T>, ? extends R> notSent, Function<NoAnswer<T>, ? extends R> noAnswer) {
            return notSent.apply(this);
        }
    }

    /** Sent, and no usable answer came back (timeout, no connection, 5xx, an answer that failed verification): the company may have acted. */
    record NoAnswer<T>(String reason) implements Unanswered<T> {
        @Override
        public boolean saturated() {
            return false;
        }

        @Override
        public boolean sent() {
            return true;
        }

        @Override
        public <R> R fold(Function<? super T, ? extends R> answered, Function<Refused<T>, ? extends R> refused,
                Function<NotSent<T>, ? extends R> notSent, Function<NoAnswer<T>, ? extends R> noAnswer) {
            return noAnswer.apply(this);
        }
    }

    /** Why a call was not sent. */
    enum Why {
        /** The company's circuit breaker is open after repeated failures. */
        CIRCUIT_OPEN("the company's circuit breaker is open after repeated failures; not called"),
        /** This broker already has as many calls to the company in progress as it allows. */
        BULKHEAD_FULL("too many calls to the company in progress; not called");

        private final String reason;

        Why(String reason) {
            this.reason = reason;
        }

        public String reason() {
            return reason;
        }
    }
}
