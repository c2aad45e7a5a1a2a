package org.cbec.platform.error;

/** The addressed resource does not exist, or does not exist for this caller. */
public class UnknownResourceException extends BusinessException {

    public UnknownResourceException(String message) {
        super(null, message);
    }

    @Override
    public Kind kind() {
        return Kind.NOT_FOUND;
    }
}
