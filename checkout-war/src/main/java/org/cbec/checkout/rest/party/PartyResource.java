package org.cbec.checkout.rest.party;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import org.cbec.access.boundary.Parties;
import org.cbec.access.Party;
import org.cbec.access.entity.GrantSubject;
import org.cbec.checkout.rest.error.ApiResponse;
import org.cbec.web.error.FailureAction;

/**
 * The party a key acts for. Not in the spec; it lets an integrator check a key before sending carts.
 */
@Path("")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class PartyResource {

    @Inject
    Parties parties;

    @FailureAction("reading the enterprise")
    @GET
    @Path("enterprises/{enterpriseId}")
    public ApiResponse enterprise(@PathParam("enterpriseId") String enterpriseId) {
        Party party = parties.get(GrantSubject.ENTERPRISE, enterpriseId);
        return ApiResponse.ok(Map.of("enterpriseId", party.id(), "name", party.name()));
    }

    @FailureAction("reading the platform merchant")
    @GET
    @Path("merchants/{merchantId}")
    public ApiResponse platformMerchant(@PathParam("merchantId") String merchantId) {
        Party party = parties.get(GrantSubject.PLATFORM_MERCHANT, merchantId);
        return ApiResponse.ok(Map.of("merchantId", party.id()));
    }
}
