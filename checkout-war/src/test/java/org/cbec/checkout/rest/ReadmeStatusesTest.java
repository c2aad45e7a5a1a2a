package org.cbec.checkout.rest;

import java.nio.file.Path;
import org.cbec.testing.apidocs.ReadmeStatuses;
import org.junit.jupiter.api.Test;

/** Every status the checkout's API document gives an operation is one the README lists for it, and no other. */
class ReadmeStatusesTest {

    @Test
    void theReadmeListsEachOperationWithTheStatusesOfTheApiDocument() throws Exception {
        ReadmeStatuses.assertSame(Path.of("../README.md"), "### Statuses of the checkout's operations",
                Path.of("src/main/resources/org/cbec/checkout/rest/openapi.yaml"), "/checkout");
    }
}
