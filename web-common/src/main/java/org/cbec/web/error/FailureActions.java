package org.cbec.web.error;

import java.lang.reflect.Method;
import java.util.Optional;

/** Reads an operation's {@link FailureAction}. */
public final class FailureActions {

    /** The message of an unexpected failure when no operation was matched or it names no action. */
    public static final String UNNAMED = "internal error";

    private FailureActions() {
    }

    /** The action of this operation: its method's, else its class's; empty when neither names one. */
    public static Optional<String> of(Method method, Class<?> type) {
        FailureAction named = method == null ? null : method.getAnnotation(FailureAction.class);
        if (named == null && type != null) {
            named = type.getAnnotation(FailureAction.class);
        }
        return Optional.ofNullable(named).map(FailureAction::value);
    }

    /** The caller-facing message of an unexpected failure in this operation. */
    public static String message(Method method, Class<?> type) {
        return of(method, type).map(action -> "failure while " + action).orElse(UNNAMED);
    }
}
