package org.cbec.customs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.validation.RequestChecks;
import org.junit.jupiter.api.Test;
import org.cbec.customs.control.CustomsRules;

/** The customs-office constraint takes the nine offices and says what {@link CustomsRules#customs} says. */
class CustomsOfficeTest {

    record Office(@CustomsOffice String customs) {
    }

    @Test
    void everyOfficePassesAndNoneMeansTheDefault() {
        for (String office : CustomsFormats.CUSTOMS) {
            assertEquals(List.of(), RequestChecks.problems(new Office(office)));
        }
        assertEquals(List.of(), RequestChecks.problems(new Office(null)));
    }

    @Test
    void anotherOfficeIsRefusedWithTheListAsTheQueryParameterIs() {
        for (String other : new String[] {"", "BEIJING", "ningbo"}) {
            String constraint = RequestChecks.problems(new Office(other)).get(0).message();
            assertEquals(assertThrows(InvalidRequestException.class, () -> CustomsRules.customs(other)).getMessage(), constraint);
        }
    }
}
