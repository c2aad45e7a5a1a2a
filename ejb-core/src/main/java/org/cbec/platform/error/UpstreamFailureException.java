package org.cbec.platform.error;

/**
 * A company the request depended on failed. {@code message} is the spec's wording for the action
 * ("failure while making the payment"); {@code errors} says what failed, for the caller.
 */
public class UpstreamFailureException extends BusinessException {

    private final String errors;

    public UpstreamFailureException(String message, String errors) {
        super(null, message);
        this.errors = errors;
    }

    public String errors() {
        return errors;
    }

    @Override
    public Kind kind() {
        return Kind.UPSTREAM_FAILURE;
    }
}
