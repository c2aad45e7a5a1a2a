package org.cbec.platform.identity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ChinaContactTest {

    @Test
    void acceptsElevenDigits() {
        assertTrue(ChinaContact.isMobile("13812345678"));
        assertTrue(ChinaContact.isMobile("19912345678"));
    }

    @Test
    void acceptsPlus86() {
        assertTrue(ChinaContact.isMobile("+8613812345678"));
    }

    @Test
    void accepts86WithoutPlus() {
        assertTrue(ChinaContact.isMobile("8613812345678"));
    }

    @Test
    void acceptsPlus86AndOneSpace() {
        assertTrue(ChinaContact.isMobile("+86 13812345678"));
    }

    @Test
    void refuses86AndASpaceWithoutPlus() {
        assertFalse(ChinaContact.isMobile("86 13812345678"));
    }

    @Test
    void refusesPlus86AndTwoSpaces() {
        assertFalse(ChinaContact.isMobile("+86  13812345678"));
    }

    @Test
    void refusesSecondDigitBelowThree() {
        assertFalse(ChinaContact.isMobile("12812345678"));
        assertFalse(ChinaContact.isMobile("10812345678"));
    }

    @Test
    void refusesTenDigits() {
        assertFalse(ChinaContact.isMobile("1381234567"));
    }

    @Test
    void refusesTwelveDigits() {
        assertFalse(ChinaContact.isMobile("138123456789"));
    }

    @Test
    void refusesSeparatorsAndOtherCountryCodes() {
        assertFalse(ChinaContact.isMobile("138-1234-5678"));
        assertFalse(ChinaContact.isMobile("+85213812345678"));
        assertFalse(ChinaContact.isMobile(" 13812345678"));
        assertFalse(ChinaContact.isMobile("13812345678\n"));
        assertFalse(ChinaContact.isMobile(null));
        assertFalse(ChinaContact.isMobile(""));
    }

    @Test
    void refusesFullWidthDigits() {
        assertFalse(ChinaContact.isMobile("１３８１２３４５６７８"));
    }

    @Test
    void normalisesToElevenDigits() {
        assertEquals("13812345678", ChinaContact.normaliseMobile("13812345678"));
        assertEquals("13812345678", ChinaContact.normaliseMobile("+8613812345678"));
        assertEquals("13812345678", ChinaContact.normaliseMobile("8613812345678"));
        assertEquals("13812345678", ChinaContact.normaliseMobile("+86 13812345678"));
    }

    @Test
    void normaliseRefusesAnythingElseWithoutEchoingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ChinaContact.normaliseMobile("12812345678"));
        assertFalse(e.getMessage().contains("12812345678"));
        assertThrows(IllegalArgumentException.class, () -> ChinaContact.normaliseMobile(null));
    }

    @Test
    void acceptsASixDigitPostcode() {
        assertTrue(ChinaContact.isPostcode("100020"));
        assertTrue(ChinaContact.isPostcode("010020"));
    }

    @Test
    void refusesFiveDigitPostcode() {
        assertFalse(ChinaContact.isPostcode("10002"));
    }

    @Test
    void refusesSevenDigitPostcode() {
        assertFalse(ChinaContact.isPostcode("1000200"));
    }

    @Test
    void refusesPostcodeStartingWithNine() {
        assertFalse(ChinaContact.isPostcode("900000"));
    }

    @Test
    void refusesPostcodeWithALetter() {
        assertFalse(ChinaContact.isPostcode("10002a"));
        assertFalse(ChinaContact.isPostcode(null));
    }
}
