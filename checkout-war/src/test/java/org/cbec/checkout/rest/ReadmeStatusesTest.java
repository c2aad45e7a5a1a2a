package org.cbec.checkout.rest;

import java.nio.file.Path;
import org.cbec.testing.apidocs.ReadmeStatuses;
import org.junit.jupiter.api.Test;

/** Every status the checkout's API document gives an operation is one docs/api/statuses.md lists, and no other. */
class ReadmeStatusesTest {

    @Test
    void theStatusesDocumentListsEachOperationWithTheStatusesOfTheApiDocument() throws Exception {
        ReadmeStatuses.assertSame(Path.of("../docs/api/statuses.md"), "## The checkout's operations",
                Path.of("src/main/resources/org/cbec/checkout/rest/openapi.yaml"), "/checkout");
    }
}
