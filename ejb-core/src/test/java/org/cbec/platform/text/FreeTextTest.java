package org.cbec.platform.text;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.cbec.platform.error.InvalidRequestException;
import org.junit.jupiter.api.Test;

class FreeTextTest {

    /** Every C0 control (tab and line breaks too), DEL and every C1 control, in one line of text. */
    @Test
    void oneLineRefusesEveryControlCharacterTabIncludedNamingTheField() {
        for (int c = 0; c <= 0x9f; c = c == 0x1f ? 0x7f : c + 1) {
            String text = "a" + (char) c + "b";
            InvalidRequestException e = assertThrows(InvalidRequestException.class, () -> FreeText.check("holderName", text, 64),
                    "U+" + Integer.toHexString(c));
            assertEquals("holderName", e.field());
            assertEquals("holderName must not contain control characters", e.getMessage());
        }
        assertDoesNotThrow(() -> FreeText.check("holderName", "Harbour Tea Ltd 茶叶 é\u00a0ü", 64));
    }

    @Test
    void multiLineTextTakesLineBreaksAndTabsButNoOtherControlCharacter() {
        assertDoesNotThrow(() -> FreeText.checkLines("note", "checked with the company:\r\n\t- refund 42\n", 256));
        for (String bad : List.of("a\u0000b", "a\u0007b", "a\u001bb", "a\u007fb", "a\u0085b", "a\u009fb")) {
            assertEquals("note", assertThrows(InvalidRequestException.class, () -> FreeText.checkLines("note", bad, 256)).field(), bad);
        }
    }
}
