package org.cbec.customs.entity;

import java.util.List;
import org.cbec.platform.entity.TableWalk;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** The declaration's lifecycle, every (state, event) pair. */
class DeclarationStateTest {

    static final String MOVES = """
            UNDECLARED on ADD -> UNDECLARED
            PROCESSING on MODIFY -> PROCESSING
            SUCCESS on MODIFY -> SUCCESS
            FAIL on MODIFY -> FAIL
            EXCEPT on MODIFY -> EXCEPT
            SUCCESS on REDECLARE -> SUCCESS
            EXCEPT on REDECLARE -> EXCEPT
            UNDECLARED on NOT_SUBMITTED -> UNDECLARED
            PROCESSING on NOT_SUBMITTED -> PROCESSING
            SUCCESS on NOT_SUBMITTED -> SUCCESS
            FAIL on NOT_SUBMITTED -> FAIL
            EXCEPT on NOT_SUBMITTED -> EXCEPT
            UNDECLARED on REPORTED_UNDECLARED -> UNDECLARED
            UNDECLARED on REPORTED_PROCESSING -> PROCESSING
            UNDECLARED on REPORTED_SUCCESS -> SUCCESS
            UNDECLARED on REPORTED_FAIL -> FAIL
            UNDECLARED on REPORTED_EXCEPT -> EXCEPT
            PROCESSING on REPORTED_UNDECLARED -> UNDECLARED
            PROCESSING on REPORTED_PROCESSING -> PROCESSING
            PROCESSING on REPORTED_SUCCESS -> SUCCESS
            PROCESSING on REPORTED_FAIL -> FAIL
            PROCESSING on REPORTED_EXCEPT -> EXCEPT
            SUCCESS on REPORTED_UNDECLARED -> UNDECLARED
            SUCCESS on REPORTED_PROCESSING -> PROCESSING
            SUCCESS on REPORTED_SUCCESS -> SUCCESS
            SUCCESS on REPORTED_FAIL -> FAIL
            SUCCESS on REPORTED_EXCEPT -> EXCEPT
            FAIL on REPORTED_UNDECLARED -> UNDECLARED
            FAIL on REPORTED_PROCESSING -> PROCESSING
            FAIL on REPORTED_SUCCESS -> SUCCESS
            FAIL on REPORTED_FAIL -> FAIL
            FAIL on REPORTED_EXCEPT -> EXCEPT
            EXCEPT on REPORTED_UNDECLARED -> UNDECLARED
            EXCEPT on REPORTED_PROCESSING -> PROCESSING
            EXCEPT on REPORTED_SUCCESS -> SUCCESS
            EXCEPT on REPORTED_FAIL -> FAIL
            EXCEPT on REPORTED_EXCEPT -> EXCEPT
            """;

    @TestFactory
    List<DynamicTest> everyMoveOfTheDeclarationTableAndNoOther() {
        return TableWalk.walk(DeclarationState.class, DeclarationEvent.class, MOVES, DeclarationState::after, DeclarationState::next);
    }
}
