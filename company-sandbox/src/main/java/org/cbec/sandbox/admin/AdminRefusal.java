package org.cbec.sandbox.admin;

/** An admin request refused: its status, a message and the field that failed (if one did). */
public class AdminRefusal extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;
    private final String field;

    public AdminRefusal(int status, String message, String field) {
        super(message, null, false, false);
        this.status = status;
        this.field = field;
    }

    public int status() {
        return status;
    }

    public String field() {
        return field;
    }
}
