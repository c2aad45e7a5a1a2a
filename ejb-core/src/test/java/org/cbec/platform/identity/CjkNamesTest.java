package org.cbec.platform.identity;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CjkNamesTest {

    @Test
    void acceptsAHanName() {
        assertTrue(CjkNames.isName("张三"));
        assertTrue(CjkNames.isName("欧阳娜娜"));
    }

    @Test
    void acceptsASingleCharacter() {
        assertTrue(CjkNames.isName("张"));
    }

    @Test
    void acceptsAMiddleDot() {
        assertTrue(CjkNames.isName("阿依古丽·买买提"));
    }

    @Test
    void acceptsAKatakanaMiddleDot() {
        assertTrue(CjkNames.isName("买买提\u30FB吐尔逊"));
    }

    @Test
    void acceptsSingleSpacesInside() {
        assertTrue(CjkNames.isName("张 三"));
    }

    @Test
    void acceptsCompatibilityIdeographs() {
        assertTrue(CjkNames.isName("\uF900\uFAAD"));
    }

    @Test
    void acceptsExtensionA() {
        assertTrue(CjkNames.isName("\u3400\u4DBF"));
    }

    @Test
    void acceptsSixtyFourCharacters() {
        assertTrue(CjkNames.isName("张".repeat(64)));
    }

    @Test
    void refusesNull() {
        assertFalse(CjkNames.isName(null));
    }

    @Test
    void refusesEmpty() {
        assertFalse(CjkNames.isName(""));
    }

    @Test
    void refusesALeadingSpace() {
        assertFalse(CjkNames.isName(" 张三"));
    }

    @Test
    void refusesATrailingSpace() {
        assertFalse(CjkNames.isName("张三 "));
    }

    @Test
    void refusesTwoSpacesInARow() {
        assertFalse(CjkNames.isName("张  三"));
    }

    @Test
    void refusesALeadingDot() {
        assertFalse(CjkNames.isName("·张三"));
        assertFalse(CjkNames.isName("\u30FB张三"));
    }

    @Test
    void refusesATrailingDot() {
        assertFalse(CjkNames.isName("张三·"));
    }

    @Test
    void refusesTwoDotsInARow() {
        assertFalse(CjkNames.isName("张··三"));
        assertFalse(CjkNames.isName("张·\u30FB三"));
    }

    @Test
    void refusesTwoDotsSeparatedOnlyBySpaces() {
        assertFalse(CjkNames.isName("张· ·三"));
    }

    @Test
    void refusesLatinLetters() {
        assertFalse(CjkNames.isName("John"));
    }

    @Test
    void refusesDigits() {
        assertFalse(CjkNames.isName("张3"));
    }

    @Test
    void refusesTheIdeographicSpace() {
        assertFalse(CjkNames.isName("张\u3000三"));
    }

    @Test
    void refusesCharactersJustOutsideTheRanges() {
        assertFalse(CjkNames.isName("\u9FCD"));
        assertFalse(CjkNames.isName("\uFAAE"));
        assertFalse(CjkNames.isName("张\u3001三"));
    }

    @Test
    void refusesSupplementaryIdeographs() {
        // U+20000 (extension B) is outside the specification's ranges, and is one code point.
        assertFalse(CjkNames.isName("张" + new String(Character.toChars(0x20000))));
    }

    @Test
    void refusesSixtyFiveCharacters() {
        assertFalse(CjkNames.isName("张".repeat(65)));
    }

    @Test
    void acceptsAnAddressWithDigits() {
        assertTrue(CjkNames.isAddressText("朝阳区建国路88号"));
    }

    @Test
    void acceptsAnAddressStartingWithLatinLetters() {
        assertTrue(CjkNames.isAddressText("Room 5-1"));
        assertTrue(CjkNames.isAddressText("Room 5, 建国路"));
    }

    @Test
    void acceptsAnAddressStartingWithADigit() {
        assertTrue(CjkNames.isAddressText("88号院3#楼"));
    }

    @Test
    void acceptsFullWidthAddressPunctuation() {
        assertTrue(CjkNames.isAddressText("建国路88号（东门），3－1室＃2"));
    }

    @Test
    void acceptsTwoHundredAddressCharacters() {
        assertTrue(CjkNames.isAddressText("路".repeat(200)));
    }

    @Test
    void refusesMarkupInAnAddress() {
        assertFalse(CjkNames.isAddressText("<script>"));
        assertFalse(CjkNames.isAddressText("建国路<b>88</b>号"));
    }

    @Test
    void refusesAddressPunctuationFirst() {
        assertFalse(CjkNames.isAddressText("#88号"));
        assertFalse(CjkNames.isAddressText("（东门）"));
    }

    @Test
    void refusesAnAddressWithTwoSpacesInARow() {
        assertFalse(CjkNames.isAddressText("Room  5"));
    }

    @Test
    void refusesTwoHundredAndOneAddressCharacters() {
        assertFalse(CjkNames.isAddressText("路".repeat(201)));
    }

    @Test
    void refusesAnEmptyAddress() {
        assertFalse(CjkNames.isAddressText(""));
        assertFalse(CjkNames.isAddressText(null));
    }

    @Test
    void namesWithEitherMiddleDotAreTheSame() {
        assertTrue(CjkNames.sameName("阿依古丽·买买提", "阿依古丽\u30FB买买提"));
    }

    @Test
    void spacesDoNotMatterInAName() {
        assertTrue(CjkNames.sameName("张三", "张 三"));
    }

    @Test
    void differentNamesAreNotTheSame() {
        assertFalse(CjkNames.sameName("张三", "李四"));
    }

    @Test
    void aMissingNameIsNeverTheSame() {
        assertFalse(CjkNames.sameName(null, "张三"));
        assertFalse(CjkNames.sameName("张三", null));
        assertFalse(CjkNames.sameName(null, null));
    }
}
