package org.cbec.platform.identity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ResidentIdTest {

    /** 15 June 2024, noon in Beijing: every date below is judged against this day. */
    private static final Clock TODAY =
            Clock.fixed(Instant.parse("2024-06-15T04:00:00Z"), ZoneId.of("Asia/Shanghai"));

    /** The first 17 digits completed with their correct check character. */
    private static String withCheck(String first17) {
        return first17 + ResidentId.checkCharacter(first17);
    }

    /** Asserts the refusal reason, and that the reason does not give the number away. */
    private static void assertRefused(String expected, String id) {
        Optional<String> problem = ResidentId.problem(id, TODAY);
        assertEquals(Optional.of(expected), problem);
        if (id != null && !id.isEmpty()) {
            assertFalse(problem.get().contains(id));
        }
    }

    private static void assertAccepted(String id) {
        assertEquals(Optional.empty(), ResidentId.problem(id, TODAY));
    }

    @Test
    void acceptsNumbersFromSeveralRegions() {
        assertAccepted("440304198802141236");
        assertAccepted("650102199001013453");
        assertAccepted("530102197511204560");
        assertAccepted("230102196007017891");
    }

    @Test
    void acceptsTheTwentyNinthOfFebruaryInALeapYear() {
        assertAccepted("310115200002290072");
        assertAccepted("440304198802291234");
    }

    /**
     * Known answers: the check characters of these numbers were worked out by hand from GB 11643's
     * ISO 7064 MOD 11-2 (weights 7 9 10 5 8 4 2 1 6 3 7 9 10 5 8 4 2, remainders to 1 0 X 9 8 7 6 5
     * 4 3 2), not with the code under test; the first two are the standard's own examples.
     */
    @Test
    void theCheckCharacterOfKnownNumbers() {
        Map<String, Character> known = new java.util.LinkedHashMap<>();
        known.put("11010519491231002", 'X');
        known.put("44052418800101001", '4');
        known.put("44030419880214123", '6');
        known.put("65010219900101345", '3');
        known.put("53010219751120456", '0');
        known.put("23010219600701789", '1');
        known.put("11010519900307101", 'X');
        known.put("81000019850615001", '2');
        known.forEach((first17, check) -> {
            assertEquals(check, ResidentId.checkCharacter(first17), first17);
            if (!first17.startsWith("18", 6)) {
                // (the standard's 1880 example is a birth date this project refuses: before 1900)
                assertAccepted(first17 + check);
            }
            for (char wrong : "0123456789X".toCharArray()) {
                if (wrong != check) {
                    assertFalse(ResidentId.valid(first17 + wrong), first17 + wrong + " has a wrong check character");
                }
            }
        });
    }

    @Test
    void acceptsANumberEndingInX() {
        assertEquals('X', ResidentId.checkCharacter("11010519491231002"));
        assertAccepted("11010519491231002X");
    }

    @Test
    void acceptsResidencePermitsOfHongKongMacaoAndTaiwanResidents() {
        assertAccepted("810000198506150012");
        assertAccepted("820000198506150014");
        assertAccepted("830000198506150016");
    }

    @Test
    void acceptsSomeoneBornToday() {
        assertAccepted("110105202406150016");
    }

    @Test
    void acceptsTheFirstOfJanuary1900() {
        assertAccepted("11010519000101001X");
    }

    @Test
    void publicCheckUsesTheRealClock() {
        assertTrue(ResidentId.valid("11010519900307101X"));
        assertFalse(ResidentId.valid(withCheck("11010529990307101")));
        assertEquals(Optional.empty(), ResidentId.problem("11010519491231002X"));
    }

    @Test
    void refusesNull() {
        assertRefused("must be 18 characters", null);
        assertFalse(ResidentId.valid(null));
    }

    @Test
    void refusesSeventeenCharacters() {
        assertRefused("must be 18 characters", "11010519491231002");
    }

    @Test
    void refusesNineteenCharacters() {
        assertRefused("must be 18 characters", "11010519491231002X0");
    }

    @Test
    void refusesEmpty() {
        assertRefused("must be 18 characters", "");
    }

    @Test
    void refusesLettersAmongTheFirstSeventeen() {
        assertRefused("must be 17 digits followed by a digit or an upper-case X", "1101051949A231002X");
    }

    @Test
    void refusesFullWidthDigits() {
        assertRefused("must be 17 digits followed by a digit or an upper-case X", "\uFF11" + "1010519491231002X");
    }

    @Test
    void refusesLowerCaseX() {
        assertRefused("must be 17 digits followed by a digit or an upper-case X", "11010519491231002x");
    }

    @Test
    void refusesOtherLettersAsTheCheckCharacter() {
        assertRefused("must be 17 digits followed by a digit or an upper-case X", "11010519491231002Y");
    }

    @Test
    void refusesProvince99() {
        assertRefused("has an unknown region code", withCheck("99010519491231002"));
    }

    @Test
    void refusesProvince10() {
        assertRefused("has an unknown region code", withCheck("10010519491231002"));
    }

    @Test
    void refusesAProvinceWithoutPrefectureAndCounty() {
        assertRefused("has an unknown region code", withCheck("11000019491231002"));
    }

    @Test
    void refusesTheTwentyNinthOfFebruaryInACommonYear() {
        assertRefused("has an impossible birth date", withCheck("11010519990229002"));
    }

    @Test
    void refusesTheThirtiethOfFebruary() {
        assertRefused("has an impossible birth date", withCheck("11010520000230002"));
    }

    @Test
    void refusesMonth13() {
        assertRefused("has an impossible birth date", withCheck("11010519991301002"));
    }

    @Test
    void refusesDayZero() {
        assertRefused("has an impossible birth date", withCheck("11010519990100002"));
    }

    @Test
    void refusesSomeoneBornTomorrow() {
        assertRefused("has an impossible birth date", withCheck("11010520240616002"));
    }

    @Test
    void refusesBirthBefore1900() {
        assertRefused("has an impossible birth date", withCheck("11010518991231002"));
    }

    @Test
    void refusesAWrongCheckCharacter() {
        assertRefused("has a wrong check character", "110105194912310021");
        assertRefused("has a wrong check character", withCheck("44030419880229123").substring(0, 17) + "X");
    }

    @Test
    void refusesTwoSwappedDigits() {
        String good = withCheck("44030419880214123");
        String swapped = good.substring(0, 14) + good.charAt(15) + good.charAt(14) + good.substring(16);
        assertRefused("has a wrong check character", swapped);
    }

    @Test
    void checkCharacterRefusesAnythingButSeventeenDigits() {
        assertThrows(IllegalArgumentException.class, () -> ResidentId.checkCharacter(null));
        assertThrows(IllegalArgumentException.class, () -> ResidentId.checkCharacter("1101051949123100"));
        assertThrows(IllegalArgumentException.class, () -> ResidentId.checkCharacter("110105194912310021"));
        assertThrows(IllegalArgumentException.class, () -> ResidentId.checkCharacter("1101051949123100A"));
    }

    @Test
    void checkCharacterRefusalDoesNotContainTheDigits() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ResidentId.checkCharacter("1101051949123100A"));
        assertFalse(e.getMessage().contains("1101051949123100"));
    }

    @Test
    void maskKeepsTheFirstThreeAndLastTwo() {
        assertEquals("110*************2X", ResidentId.mask("11010519491231002X"));
    }

    @Test
    void maskOfSixCharactersHidesOne() {
        assertEquals("123*56", ResidentId.mask("123456"));
    }

    @Test
    void maskStarsOutShortValues() {
        assertEquals("*****", ResidentId.mask("12345"));
        assertEquals("", ResidentId.mask(""));
    }

    @Test
    void maskOfNullIsTheWordNull() {
        assertEquals("null", ResidentId.mask(null));
    }
}
