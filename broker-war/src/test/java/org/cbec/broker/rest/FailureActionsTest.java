package org.cbec.broker.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.cbec.broker.rest.error.Envelope;
import org.cbec.web.testing.UnnamedFailures;
import org.junit.jupiter.api.Test;

/** An unexpected 500 says which operation failed (spec 7): every broker operation names its action. */
class FailureActionsTest {

    @Test
    void everyOperationNamesWhatItWasDoing() {
        assertEquals(List.of(), UnnamedFailures.besides(BrokerApplication.class));
    }

    @Test
    void theBrokersErrorsGiveTheLogsReference() {
        assertEquals(new Envelope(500, "failure while making the payment", null, "internal error, reference r-1"),
                Envelope.WEB.failure("failure while making the payment", "r-1"));
    }
}
