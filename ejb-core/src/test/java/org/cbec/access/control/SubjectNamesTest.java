package org.cbec.access.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cbec.platform.error.InvalidRequestException;
import org.junit.jupiter.api.Test;

class SubjectNamesTest {

    @Test
    void acceptsLettersDigitsAndSeparators() {
        assertTrue(SubjectNames.valid("demo"));
        assertTrue(SubjectNames.valid("demo-enterprise_2.cn"));
        assertTrue(SubjectNames.valid("a".repeat(64)));
    }

    @Test
    void refusesPathBreakersAndOverlongNames() {
        assertFalse(SubjectNames.valid(""));
        assertFalse(SubjectNames.valid("-demo"));
        assertFalse(SubjectNames.valid("de mo"));
        assertFalse(SubjectNames.valid("../demo"));
        assertFalse(SubjectNames.valid("商户"));
        assertFalse(SubjectNames.valid("a".repeat(65)));
    }

    @Test
    void refusalNamesTheField() {
        InvalidRequestException e = assertThrows(InvalidRequestException.class, () -> SubjectNames.require("enterpriseId", "a b"));
        assertEquals("enterpriseId", e.field());
        assertEquals("name", assertThrows(InvalidRequestException.class, () -> SubjectNames.require("name", null)).field());
    }
}
