package org.cbec.company;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.OffsetDateTime;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Where the three documents stand, as the window's words end (docs/companies/single-window.md). */
class CustomsReceiptTest {

    private static CustomsReceipt saying(String info) {
        return new CustomsReceipt("G", "M", "4401960ABC", "4401960ABC", "PO1", "120", OffsetDateTime.parse("2026-12-02T10:00:00+08:00"), info);
    }

    @Test
    void theStandingIsReadFromTheEndOfCustomsWords() {
        assertEquals(Optional.of(new CustomsReceipt.Documents("MATCHED", null, "MISSING")),
                saying("stored by customs; payment MATCHED; waybill MISSING").documents());
        assertEquals(Optional.of(new CustomsReceipt.Documents("DIFFERENT", "acturalPaid", "MATCHED")),
                saying("the payment differs from the order: acturalPaid; payment DIFFERENT acturalPaid; waybill MATCHED").documents());
        assertEquals(Optional.of(new CustomsReceipt.Documents("MISSING", null, "MATCHED")),
                saying("the goods are not allowed in; payment MISSING; waybill MATCHED").documents());
    }

    @Test
    void wordsWithoutAStandingSayNone() {
        assertEquals(Optional.empty(), saying("accepted by the window").documents());
        assertEquals(Optional.empty(), saying(null).documents());
        assertEquals(Optional.empty(), saying("payment MATCHED; waybill LOST").documents());
    }
}
