package org.cbec.sandbox.books;

import java.util.Map;
import java.util.Optional;

/**
 * A company's callback as it goes on the wire (docs/companies/alphapay.md and betapay.md, "Callbacks"): each
 * company's package has one. The books stay protocol-free and ask the format of the order's company.
 */
public interface CallbackFormat {

    /** A callback's kind (what the admin view shows) and the exact body sent at every attempt. */
    record Composed(String kind, String body) {
    }

    String paymentMethod();

    /** The body of the callback reporting {@code notice}; empty when the company cannot report it (logged). */
    Optional<Composed> compose(Notice notice);

    /** The Content-Type of the POST. */
    String contentType();

    /** Headers made afresh for each attempt (alphapay's signature over the body); none for betapay. */
    Map<String, String> headers(String body);
}
