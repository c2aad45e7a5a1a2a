package org.cbec.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.cbec.platform.validation.RequestChecks;
import org.cbec.platform.validation.RequestChecks.Problem;
import org.junit.jupiter.api.Test;
import org.cbec.payment.control.PaymentRules;

/** The payment-method constraint says what {@link PaymentRules#requireMethod} says. */
class PaymentMethodTest {

    record Given(@PaymentMethod String method) {
    }

    record Searching(@PaymentMethod(blankMeansAny = true) String method) {
    }

    @Test
    void eachCompanyPassesAndNullIsLeftToRequired() {
        for (String m : PaymentFormats.ALL_METHODS) {
            assertEquals(List.of(), RequestChecks.problems(new Given(m)));
        }
        assertEquals(List.of(), RequestChecks.problems(new Given(null)));
    }

    @Test
    void aBlankMethodIsMissingAndAnotherNameIsNoCompany() {
        assertEquals(List.of(new Problem("method", "method is required")), RequestChecks.problems(new Given(" ")));
        assertEquals(List.of(new Problem("method", "method must be alphapay or betapay")), RequestChecks.problems(new Given("ALPHAPAY")));
    }

    @Test
    void whereABlankMethodMeansEitherCompanyItPasses() {
        assertEquals(List.of(), RequestChecks.problems(new Searching("")));
        assertEquals(List.of(new Problem("method", "method must be alphapay or betapay")), RequestChecks.problems(new Searching("gammapay")));
    }

    @Test
    void theConstraintAndRequireMethodUseTheSameWords() {
        for (String m : new String[] {"", "cashpay"}) {
            String constraint = RequestChecks.problems(new Given(m)).get(0).message();
            String code = org.junit.jupiter.api.Assertions.assertThrows(org.cbec.platform.error.InvalidRequestException.class,
                    () -> PaymentRules.requireMethod("method", m)).getMessage();
            assertEquals(code, constraint);
        }
    }
}
