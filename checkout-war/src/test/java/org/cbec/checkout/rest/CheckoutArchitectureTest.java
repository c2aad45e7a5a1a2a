package org.cbec.checkout.rest;

import org.cbec.web.testing.WebArchitecture;
import org.junit.jupiter.api.Test;

/** The checkout's web module: resources and pages, without package cycles, rules or persistence. */
class CheckoutArchitectureTest {

    @Test
    void theCheckoutResourcesHaveNoPackageCyclesNorRulesNorPersistence() {
        WebArchitecture.of("org.cbec.checkout").hasNoPackageCycles().holdsNoBusinessRulesNorPersistence();
    }
}
