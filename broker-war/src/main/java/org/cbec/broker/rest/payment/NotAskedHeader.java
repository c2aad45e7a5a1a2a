package org.cbec.broker.rest.payment;

import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.ext.Provider;
import org.cbec.payment.boundary.NotAsked;

/**
 * A query answered from what the broker has stored, because the company could not be asked now,
 * says so in {@code Company-Not-Asked} (the reason); an answer the company was asked for has no
 * such header.
 */
@Provider
public class NotAskedHeader implements ContainerResponseFilter {

    static final String HEADER = "Company-Not-Asked";

    @Inject
    NotAsked notAsked;

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        notAsked.reason().ifPresent(reason -> response.getHeaders().putSingle(HEADER, reason));
    }
}
