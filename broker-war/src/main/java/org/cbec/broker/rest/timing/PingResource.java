package org.cbec.broker.rest.timing;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.cbec.web.access.OpenEndpoint;
import org.cbec.web.error.FailureAction;

/**
 * {@code GET /broker/ping}: the cheapest JSON answer this server gives, through the same
 * container, JAX-RS, filters and JSON writer as every API call. Not in the spec; the benchmark
 * (server-config/bench) compares the real operations with it. Takes no key and touches nothing.
 */
@FailureAction("answering the ping")
@Path("ping")
@ApplicationScoped
@OpenEndpoint
@Produces(MediaType.APPLICATION_JSON)
public class PingResource {

    public record Pong(int code, String message) {
    }

    private static final Pong PONG = new Pong(200, "pong");

    @GET
    public Pong ping() {
        return PONG;
    }
}
