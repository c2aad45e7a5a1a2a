package org.cbec.checkout.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.cbec.checkout.rest.error.ApiResponse;
import org.cbec.web.testing.UnnamedFailures;
import org.junit.jupiter.api.Test;

/** An unexpected 500 says which cart operation failed: every checkout operation names its action. */
class FailureActionsTest {

    @Test
    void everyOperationNamesWhatItWasDoing() {
        assertEquals(List.of(), UnnamedFailures.besides(CheckoutApplication.class));
    }

    @Test
    void theCheckoutsDataGivesTheLogsReference() {
        assertEquals(new ApiResponse(500, "failure while creating the cart", Map.of("reference", "r-1")),
                ApiResponse.WEB.failure("failure while creating the cart", "r-1"));
    }
}
