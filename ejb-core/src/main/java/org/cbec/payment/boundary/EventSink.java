package org.cbec.payment.boundary;

import org.cbec.payment.company.ExchangeRecorder;

/** Where a payment's exchanges with its company go, and the calls Fault Tolerance did not send. */
public interface EventSink extends ExchangeRecorder {

    /** A call the broker did not send: the circuit breaker or the bulkhead refused it. */
    void notSent(String operation, String reason);
}
