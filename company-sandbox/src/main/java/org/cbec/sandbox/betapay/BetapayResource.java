package org.cbec.sandbox.betapay;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.InputStream;
import org.cbec.sandbox.admin.Envelope;
import org.cbec.sandbox.codec.Bodies;

/**
 * betapay's one gateway {@code /sandbox/betapay/gateway.do}. Thin: hands the raw Content-Type and
 * the body's bytes to the gate (read as bytes whatever the Content-Type says, so that a wrong one is
 * betapay's refusal node and not the runtime's 415), and the download link of its daily bills
 * {@code /sandbox/betapay/downloadBillFile.resource}, which carries no signature (its token is checked
 * by {@link BetapayBills}). Mapped at {@code /} like the other resources.
 */
@Path("/")
@RequestScoped
public class BetapayResource {

    @Inject
    BetapayGate gate;

    @Inject
    BetapayBills bills;

    @Context
    HttpServletRequest http;

    @Context
    UriInfo uri;

    @POST
    @Path("betapay/gateway.do")
    public Response gateway(InputStream body) {
        return gate.serve(http.getContentType(), Bodies.read(body), uri.getBaseUri().toString() + "betapay");
    }

    @GET
    @Path("betapay/downloadBillFile.resource")
    public Response downloadBill(@QueryParam("bizType") String bizType, @QueryParam("userId") String userId,
            @QueryParam("fileType") String fileType, @QueryParam("bizDates") String bizDates, @QueryParam("timestamp") String timestamp,
            @QueryParam("token") String token) {
        BetapayBills.Download file = bills.download(bizType, userId, fileType, bizDates, timestamp, token);
        if (file.zip() == null) {
            return Envelope.response(file.status(), file.message(), file.field());
        }
        return Response.ok(file.zip(), "application/zip")
                .header("Content-Disposition", "attachment; filename=\"" + file.fileName() + "\"").build();
    }
}
