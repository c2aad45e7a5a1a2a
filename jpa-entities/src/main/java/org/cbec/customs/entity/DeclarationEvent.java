package org.cbec.customs.entity;

/**
 * What happens to a declaration: the merchant's requests (allowed from some states only; they move
 * nothing until customs reports), a submission that did not reach customs, and the company's reports
 * of what customs made of it.
 */
public enum DeclarationEvent {
    /** The merchant declares the order for the first time (actionType ADD). */
    ADD,
    /** The merchant changes what it declared (actionType MODIFY). */
    MODIFY,
    /** The merchant sends the declaration to customs again. */
    REDECLARE,
    /** A submission that did not reach customs: only the reason is noted. */
    NOT_SUBMITTED,
    REPORTED_UNDECLARED,
    REPORTED_PROCESSING,
    REPORTED_SUCCESS,
    REPORTED_FAIL,
    REPORTED_EXCEPT;

    /** The report of a state, as the company gives it. */
    public static DeclarationEvent reported(DeclarationState state) {
        return switch (state) {
            case UNDECLARED -> REPORTED_UNDECLARED;
            case PROCESSING -> REPORTED_PROCESSING;
            case SUCCESS -> REPORTED_SUCCESS;
            case FAIL -> REPORTED_FAIL;
            case EXCEPT -> REPORTED_EXCEPT;
        };
    }
}
