package org.cbec.company;

/** A company call that did not give the broker what it asked for. */
public abstract class CompanyException extends RuntimeException {

    protected CompanyException(String message) {
        super(message, null, false, false);
    }
}
