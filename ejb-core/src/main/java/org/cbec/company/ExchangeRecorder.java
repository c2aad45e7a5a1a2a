package org.cbec.company;

/** Receives every exchange with a company as it ends, to store it as an event of the payment. */
@FunctionalInterface
public interface ExchangeRecorder {

    void record(Exchange exchange, Outcome outcome);

    /** A call the broker did not send (its circuit breaker or bulkhead refused it); not kept unless the recorder keeps it. */
    default void notSent(String operation, String reason) {
    }

    /** How an exchange ended; mirrors the stored event outcome. */
    enum Outcome {
        OK,
        REFUSED,
        FAILED,
        UNVERIFIED
    }

    ExchangeRecorder NONE = (exchange, outcome) -> { };
}
