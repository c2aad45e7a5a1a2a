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
    void aQueryOrACloseNamesItsOwnActionNotTheCreates() {
        assertEquals("failure while querying the payment", message(org.cbec.broker.rest.payment.PaymentsResource.class, "query"));
        assertEquals("failure while closing the payment", message(org.cbec.broker.rest.payment.PaymentsResource.class, "close"));
        assertEquals("failure while querying the refunds", message(org.cbec.broker.rest.refund.RefundsResource.class, "query"));
        assertEquals("failure while querying the settlement", message(org.cbec.broker.rest.settlement.SettlementResource.class, "query"));
        assertEquals("failure while querying the payouts", message(org.cbec.broker.rest.payout.PayoutResource.class, "query"));
        assertEquals("failure while querying the declarations", message(org.cbec.broker.rest.customs.CustomsResource.class, "query"));
        assertEquals("failure while making the payment", message(org.cbec.broker.rest.payment.PaymentsResource.class, "create"));
    }

    /** The message of an unexpected failure in the resource's only public method of this name. */
    private static String message(Class<?> resource, String name) {
        java.lang.reflect.Method method = java.util.Arrays.stream(resource.getMethods()).filter(m -> m.getName().equals(name))
                .findFirst().orElseThrow();
        return org.cbec.web.error.FailureActions.message(method, resource);
    }

    @Test
    void theBrokersErrorsGiveTheLogsReference() {
        assertEquals(new Envelope(500, "failure while making the payment", null, "internal error, reference r-1"),
                Envelope.WEB.failure("failure while making the payment", "r-1"));
    }
}
