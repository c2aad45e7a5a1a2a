package org.cbec.payment.boundary;

import jakarta.enterprise.context.RequestScoped;
import java.util.Optional;

/**
 * Whether this request's answer comes from what the broker has stored because the company could
 * not be asked now (its bulkhead was full), and why. A query is answered that way rather than
 * refused; the web module tells the caller so (the {@code Company-Not-Asked} header).
 */
@RequestScoped
public class NotAsked {

    private String reason;

    /** The answer is what is stored, for this reason. */
    public void because(String reason) {
        this.reason = reason;
    }

    public Optional<String> reason() {
        return Optional.ofNullable(reason);
    }
}
