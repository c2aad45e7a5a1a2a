package org.cbec.company;

/**
 * No usable answer: timeout, connection failure, 5xx, or an answer whose signature did not verify.
 * Whether the company acted is unknown. Counts towards the company's circuit breaker, except an
 * {@link UnverifiedAnswer}.
 */
public class CompanyUnavailable extends CompanyException {

    public CompanyUnavailable(String message) {
        super(message);
    }
}
