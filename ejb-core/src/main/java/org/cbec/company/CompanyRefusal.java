package org.cbec.company;

/**
 * A verified business refusal ({@code code}, {@code message} from the company): the company is up
 * and said no. Does not count towards the circuit breaker.
 */
public class CompanyRefusal extends CompanyException {

    private final String code;
    private final String reason;

    public CompanyRefusal(String code, String message) {
        super(code + ": " + message);
        this.code = code;
        this.reason = message;
    }

    public String code() {
        return code;
    }

    /** The company's message, without its code. */
    public String reason() {
        return reason;
    }
}
