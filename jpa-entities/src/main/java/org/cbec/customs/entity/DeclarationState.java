package org.cbec.customs.entity;

import static org.cbec.customs.entity.DeclarationEvent.ADD;
import static org.cbec.customs.entity.DeclarationEvent.MODIFY;
import static org.cbec.customs.entity.DeclarationEvent.NOT_SUBMITTED;
import static org.cbec.customs.entity.DeclarationEvent.REDECLARE;

import org.cbec.platform.entity.Lifecycle;
import org.cbec.platform.entity.Transitions;

/** Spec section 3. The moves between the states are the table {@link #TABLE}; {@link Declaration} makes no other. */
public enum DeclarationState implements Lifecycle<DeclarationState, DeclarationEvent> {
    /** Not (yet) with customs: also the state of a declaration whose submission failed. */
    UNDECLARED,
    PROCESSING,
    SUCCESS,
    FAIL,
    /** The customs interface was abnormal. */
    EXCEPT;

    /**
     * The declaration's lifecycle. Customs is the authority on the state: its report is taken from
     * any state (spec 3: an order already sent may be reported UNDECLARED again while customs keeps
     * its modification interface). What the table decides is what the merchant may ask: ADD only what
     * is not declared, MODIFY only what is, REDECLARE only from SUCCESS or EXCEPT (the companies'
     * rule). A request moves nothing by itself; the report that answers it does.
     */
    private static final Transitions<DeclarationState, DeclarationEvent> TABLE = table();

    private static Transitions<DeclarationState, DeclarationEvent> table() {
        Transitions<DeclarationState, DeclarationEvent> t = Transitions.of(DeclarationState.class, DeclarationEvent.class);
        for (DeclarationState from : values()) {
            for (DeclarationState reported : values()) {
                t.allow(from, DeclarationEvent.reported(reported), reported);
            }
            t.allow(from, NOT_SUBMITTED, from);
        }
        return t.allow(UNDECLARED, ADD, UNDECLARED)
                .allow(PROCESSING, MODIFY, PROCESSING)
                .allow(SUCCESS, MODIFY, SUCCESS)
                .allow(FAIL, MODIFY, FAIL)
                .allow(EXCEPT, MODIFY, EXCEPT)
                .allow(SUCCESS, REDECLARE, SUCCESS)
                .allow(EXCEPT, REDECLARE, EXCEPT);
    }

    @Override
    public Transitions<DeclarationState, DeclarationEvent> transitions() {
        return TABLE;
    }
}
