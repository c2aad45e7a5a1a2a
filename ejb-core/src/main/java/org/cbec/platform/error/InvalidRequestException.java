package org.cbec.platform.error;

/** The request breaks a rule: a missing, malformed or inconsistent field. */
public class InvalidRequestException extends BusinessException {

    public InvalidRequestException(String field, String message) {
        super(field, message);
    }

    @Override
    public Kind kind() {
        return Kind.INVALID_REQUEST;
    }
}
