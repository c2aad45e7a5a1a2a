package org.cbec.broker.rest;

import java.nio.file.Path;
import org.cbec.testing.apidocs.ReadmeStatuses;
import org.junit.jupiter.api.Test;

/** Every status the broker's API document gives an operation is one docs/api/statuses.md lists for it, and no other. */
class ReadmeStatusesTest {

    @Test
    void theStatusesDocumentListsEachOperationWithTheStatusesOfTheApiDocument() throws Exception {
        ReadmeStatuses.assertSame(Path.of("../docs/api/statuses.md"), "## The broker's operations",
                Path.of("src/main/resources/org/cbec/broker/rest/openapi.yaml"), "/broker");
    }
}
