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

    /** The same outcome with its answer made into {@code f}'s value; a refusal or a call without an answer stays what it is. */
    default <R> CompanyOutcome<R> map(Function<? super T, ? extends R> f) {
        return fold(answer -> new Answered<R>(f.apply(answer)), refused -> new Refused<R>(refused.code(), refused.message()),
                notSent -> new NotSent<R>(notSent.why()), noAnswer -> new NoAnswer<R>(noAnswer.reason()));
    }

    /** Nothing usable came back: the call was not sent, or sent without an answer. */
    sealed interface Unanswered<T> extends CompanyOutcome<T> {
        /** In words for the caller's {@code errors}. */
        String reason();

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

    /**
     * The call never left this broker: the company cannot have acted on it, and was not asked. The
     * same call sent again later may go through: a query answers what is stored instead, any other
     * operation is refused to be sent again after {@link Why#retryAfterSeconds()}.
     */
    record NotSent<T>(Why why) implements Unanswered<T> {
        @Override
        public String reason() {
            return why.reason;
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
        public boolean sent() {
            return true;
        }

        @Override
        public <R> R fold(Function<? super T, ? extends R> answered, Function<Refused<T>, ? extends R> refused,
                Function<NotSent<T>, ? extends R> notSent, Function<NoAnswer<T>, ? extends R> noAnswer) {
            return noAnswer.apply(this);
        }
    }

    /** Why a call was not sent, and when the same call sent again may go through. */
    enum Why {
        /**
         * The company's circuit breaker is open after repeated failures: it lets a call through again
         * after its delay (the transports' {@code CircuitBreaker delay}, 5 s).
         */
        CIRCUIT_OPEN("the company's circuit breaker is open after repeated failures; not called", 5),
        /** This broker already has as many calls to the company in progress as it allows: a call ends within a read timeout. */
        BULKHEAD_FULL("too many calls to the company in progress; not called", 1);

        private final String reason;
        private final int retryAfterSeconds;

        Why(String reason, int retryAfterSeconds) {
            this.reason = reason;
            this.retryAfterSeconds = retryAfterSeconds;
        }

        public String reason() {
            return reason;
        }

        /** The {@code Retry-After} of a refusal for this reason. */
        public int retryAfterSeconds() {
            return retryAfterSeconds;
        }
    }
}
