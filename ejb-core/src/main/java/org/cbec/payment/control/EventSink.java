package org.cbec.payment.control;

import org.cbec.company.ExchangeRecorder;

/** Where a payment's exchanges with its company go, and the calls Fault Tolerance did not send. */
public interface EventSink extends ExchangeRecorder {

    /** A call the broker did not send: the circuit breaker or the bulkhead refused it. */
    void notSent(String operation, String reason);
}
