package org.cbec.company;

/**
 * An answer whose signature did not verify with the company public key of the merchant's account.
 * Whether the company acted is unknown, as for any {@link CompanyUnavailable}; but the company did
 * answer, and the usual cause is one merchant's account registered with a wrong key, so it does not
 * count towards the company's circuit breaker, which every merchant of that company goes through.
 */
public class UnverifiedAnswer extends CompanyUnavailable {

    public UnverifiedAnswer(String message) {
        super(message);
    }
}
