package org.cbec.broker.rest;

import org.cbec.web.testing.WebArchitecture;
import org.junit.jupiter.api.Test;

/** The broker's web module: resources and their DTOs, without package cycles, rules or persistence. */
class BrokerArchitectureTest {

    @Test
    void theBrokerResourcesHaveNoPackageCyclesNorRulesNorPersistence() {
        WebArchitecture.of("org.cbec.broker").hasNoPackageCycles().holdsNoBusinessRulesNorPersistence();
    }
}
