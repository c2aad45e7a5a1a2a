package org.cbec.platform.entity;

/**
 * A move its lifecycle's table does not allow. The entity is left as it was. Callers that can meet
 * such a move in normal running (a late or contradicting company answer) ask the table first and
 * keep the record as it is; this exception is the last line of defence, for a move nobody expected.
 */
public class TransitionRefused extends IllegalStateException {

    private final transient Enum<?> state;
    private final transient Enum<?> event;

    public TransitionRefused(Enum<?> state, Enum<?> event) {
        super(event + " is not allowed in state " + state);
        this.state = state;
        this.event = event;
    }

    public Enum<?> state() {
        return state;
    }

    public Enum<?> event() {
        return event;
    }
}
