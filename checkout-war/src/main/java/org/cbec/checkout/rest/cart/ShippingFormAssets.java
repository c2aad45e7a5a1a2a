package org.cbec.checkout.rest.cart;

import jakarta.enterprise.context.RequestScoped;
import jakarta.servlet.ServletContext;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import org.cbec.web.access.OpenEndpoint;
import org.cbec.platform.error.UnknownResourceException;
import org.cbec.web.error.FailureAction;

/**
 * The shipping form's script and style sheet, files of this WAR, so that the page's
 * Content-Security-Policy allows no inline code. Nothing in them is secret or per cart.
 */
@FailureAction("serving the shipping form")
@Path("shipping-form-assets/{name}")
@RequestScoped
@OpenEndpoint
public class ShippingFormAssets {

    /** What may be asked for, and its type: nothing else under WEB-INF is reachable. */
    private static final Map<String, String[]> FILES = Map.of(
            "form.js", new String[] {"/WEB-INF/shipping-form.js", "text/javascript;charset=UTF-8"},
            "form.css", new String[] {"/WEB-INF/shipping-form.css", "text/css;charset=UTF-8"});

    @Context
    ServletContext servlet;

    @GET
    public Response file(@PathParam("name") String name) throws IOException {
        String[] file = FILES.get(name);
        if (file == null) {
            throw new UnknownResourceException("no such file");
        }
        try (InputStream in = servlet.getResourceAsStream(file[0])) {
            return Response.ok(in.readAllBytes(), file[1]).header("Cache-Control", "public, max-age=300")
                    .header("X-Content-Type-Options", "nosniff").build();
        }
    }
}
