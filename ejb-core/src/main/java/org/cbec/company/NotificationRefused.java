package org.cbec.company;

/**
 * A callback that is not the company's, or not now: a signature that does not verify, a stale
 * timestamp, a resource that does not decrypt, a body that does not parse. Its message says which,
 * never what the callback held.
 */
public class NotificationRefused extends CompanyException {

    public NotificationRefused(String reason) {
        super(reason);
    }
}
