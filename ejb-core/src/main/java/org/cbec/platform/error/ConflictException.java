package org.cbec.platform.error;

/** The request is well-formed but clashes with what is already stored. */
public class ConflictException extends BusinessException {

    public ConflictException(String field, String message) {
        super(field, message);
    }

    @Override
    public Kind kind() {
        return Kind.CONFLICT;
    }
}
