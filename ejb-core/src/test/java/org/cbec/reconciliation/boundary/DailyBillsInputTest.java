package org.cbec.reconciliation.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.LocalDate;
import java.time.ZoneOffset;
import org.cbec.platform.error.InvalidRequestException;
import org.junit.jupiter.api.Test;

/** The operator's reconciliation input: refused before anything reaches the database or a company. */
class DailyBillsInputTest {

    private static final String YESTERDAY = LocalDate.now(ZoneOffset.ofHours(8)).minusDays(1).toString();

    @Test
    void aMerchantThatIsNoMerchantNameIs422NamingMerchant() {
        for (String bad : new String[] {"a\u0000b", "a\tb", "a\r\nb", "a b", "x".repeat(65), ""}) {
            InvalidRequestException e = assertThrows(InvalidRequestException.class,
                    () -> new DailyBills().runDay(bad, "alphapay", YESTERDAY), bad);
            assertEquals("merchant", e.field(), bad);
        }
    }

    @Test
    void theResolutionNoteIsMultiLineTextWithoutOtherControlCharacters() {
        for (String bad : new String[] {"a\u0000b", "a\u001bb", "a\u0085b", " ", "x".repeat(257)}) {
            InvalidRequestException e = assertThrows(InvalidRequestException.class, () -> new DailyBills().resolve("1", bad), bad);
            assertEquals("note", e.field(), bad);
        }
    }
}
