package org.cbec.web;

import org.cbec.web.testing.WebArchitecture;
import org.junit.jupiter.api.Test;

/** web-common's packages: the plumbing both services share, without cycles, rules or persistence. */
class WebCommonArchitectureTest {

    @Test
    void thePlumbingHasNoPackageCyclesNorRulesNorPersistence() {
        WebArchitecture.of("org.cbec.web").hasNoPackageCycles().holdsNoBusinessRulesNorPersistence();
    }
}
