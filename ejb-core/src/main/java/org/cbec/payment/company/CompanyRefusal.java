package org.cbec.payment.company;

/**
 * A verified business refusal ({@code code}, {@code message} from the company): the company is up
 * and said no. Does not count towards the circuit breaker.
 */
public class CompanyRefusal extends CompanyException {

    private final String code;

    public CompanyRefusal(String code, String message) {
        super(code + ": " + message);
        this.code = code;
    }

    public String code() {
        return code;
    }
}
