package org.cbec.payment.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cbec.company.CompanyOutcome;
import org.cbec.company.PaymentCompany;
import org.cbec.company.alphapay.AlphapayCompany;
import org.cbec.company.betapay.BetapayCompany;
import org.cbec.platform.error.BusinessException;
import org.cbec.platform.error.RetryLater;
import org.cbec.platform.error.UpstreamFailureException;
import org.junit.jupiter.api.Test;
import org.cbec.payment.boundary.Payments;

/** What a client is told of a company call that gave nothing usable, and of a company's refusal. */
class CompanyFailuresTest {

    private static final PaymentCompany ALPHAPAY = new AlphapayCompany();
    private static final PaymentCompany BETAPAY = new BetapayCompany();

    @Test
    void aFullBulkheadIsTheBrokersSaturationA503ToSendAgainAfterASecond() {
        BusinessException e = CompanyFailures.failed(Payments.FAILURE, new CompanyOutcome.NotSent<>(CompanyOutcome.Why.BULKHEAD_FULL), "");
        assertEquals(BusinessException.Kind.SATURATED, e.kind());
        assertEquals(1, ((RetryLater) e).retryAfterSeconds());
        assertEquals(Payments.FAILURE, e.getMessage());
        assertTrue(((UpstreamFailureException) e).errors().startsWith(CompanyFailures.BULKHEAD_FULL), ((UpstreamFailureException) e).errors());
    }

    @Test
    void anOpenCircuitIsA503ToSendAgainOnceTheCircuitLetsCallsThrough() {
        BusinessException open = CompanyFailures.failed(Payments.FAILURE, new CompanyOutcome.NotSent<>(CompanyOutcome.Why.CIRCUIT_OPEN), "; kept");
        assertEquals(BusinessException.Kind.SATURATED, open.kind(), "nothing was sent: the same request goes through later");
        assertEquals(5, ((RetryLater) open).retryAfterSeconds(), "the circuit's delay");
        assertEquals(Payments.FAILURE, open.getMessage());
        assertEquals(CompanyOutcome.Why.CIRCUIT_OPEN.reason() + "; kept; send the same request again shortly",
                ((UpstreamFailureException) open).errors());
    }

    @Test
    void aCompanyFailureStaysTheActionsFailure() {
        BusinessException failed = CompanyFailures.failed(Payments.FAILURE, new CompanyOutcome.NoAnswer<>("the company answered HTTP 502"), "");
        assertEquals(BusinessException.Kind.UPSTREAM_FAILURE, failed.kind());
        assertEquals("the company answered HTTP 502", ((UpstreamFailureException) failed).errors());
    }

    @Test
    void aRequestTheCompanyFindsInvalidIsTheClientsMistakeA422() {
        for (String refusal : new String[] {"PARAM_ERROR: description must not contain control characters"}) {
            assertEquals(BusinessException.Kind.INVALID_REQUEST, CompanyFailures.refused(ALPHAPAY::invalidRequest, Payments.FAILURE, "this order", refusal).kind());
        }
        for (String refusal : new String[] {"ACQ.INVALID_PARAMETER: subject", "isv.invalid-signature-type: x", "isv.missing-method: x"}) {
            BusinessException e = CompanyFailures.refused(BETAPAY::invalidRequest, Payments.FAILURE, "this order", refusal);
            assertEquals(BusinessException.Kind.INVALID_REQUEST, e.kind(), refusal);
            assertTrue(e.getMessage().contains(refusal), e.getMessage());
        }
    }

    @Test
    void anyOtherRefusalIsTheActionsFailureWithTheCompanysReason() {
        for (Object[] c : new Object[][] {{ALPHAPAY, "ORDERPAID: paid"}, {ALPHAPAY, "ACQ.INVALID_PARAMETER: not alphapay's"},
                {BETAPAY, "PARAM_ERROR: not betapay's"}, {BETAPAY, "ACQ.TRADE_HAS_SUCCESS: paid"}, {ALPHAPAY, null}}) {
            BusinessException e = CompanyFailures.refused(((PaymentCompany) c[0])::invalidRequest, Payments.FAILURE, "this order", (String) c[1]);
            assertInstanceOf(UpstreamFailureException.class, e);
            assertEquals(BusinessException.Kind.UPSTREAM_FAILURE, e.kind(), String.valueOf(c[1]));
            assertEquals("the company refused this order: " + c[1], ((UpstreamFailureException) e).errors());
        }
    }
}
