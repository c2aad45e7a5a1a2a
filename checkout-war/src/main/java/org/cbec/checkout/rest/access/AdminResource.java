package org.cbec.checkout.rest.access;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import org.cbec.cart.boundary.Carts;
import org.cbec.platform.crypto.CredentialKeys;
import org.cbec.platform.crypto.Resealed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.cbec.web.access.AdminOnly;
import org.cbec.access.boundary.ApiKeys;
import org.cbec.access.Grant;
import org.cbec.access.IssuedKey;
import org.cbec.access.boundary.Parties;
import org.cbec.access.Party;
import org.cbec.access.entity.ApiService;
import org.cbec.access.entity.GrantSubject;
import org.cbec.checkout.rest.error.ApiResponse;
import org.cbec.web.error.FailureAction;

/** Registers enterprises and platform merchants and issues and revokes their {@code x-ca-key}s. */
@Path("admin")
@AdminOnly
@RequestScoped
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class AdminResource {

    /** Body of {@code POST /admin/enterprises}. */
    public record NewEnterprise(String enterpriseId, String name) {
    }

    /** Body of {@code POST /admin/platform-merchants}. */
    public record NewPlatformMerchant(String merchantId) {
    }

    /** Body of {@code POST /admin/keys}: the enterprises and platform merchants the key acts for. */
    public record NewKey(List<String> enterprises, List<String> platformMerchants, String label) {
    }

    @Inject
    Parties parties;

    @Inject
    ApiKeys apiKeys;

    @Inject
    Carts carts;

    @Inject
    CredentialKeys credentialKeys;

    @FailureAction("registering the enterprise")
    @POST
    @Path("enterprises")
    public Response registerEnterprise(NewEnterprise body) {
        Party enterprise = parties.registerEnterprise(body == null ? null : body.enterpriseId(), body == null ? null : body.name());
        return created("enterprise registered", Map.of("enterpriseId", enterprise.id(), "name", enterprise.name()));
    }

    @FailureAction("registering the platform merchant")
    @POST
    @Path("platform-merchants")
    public Response registerPlatformMerchant(NewPlatformMerchant body) {
        Party merchant = parties.registerPlatformMerchant(body == null ? null : body.merchantId());
        return created("platform merchant registered", Map.of("merchantId", merchant.id()));
    }

    @FailureAction("issuing the key")
    @POST
    @Path("keys")
    public Response issueKey(NewKey body) {
        List<Grant> grants = new ArrayList<>();
        if (body != null && body.enterprises() != null) {
            body.enterprises().forEach(e -> grants.add(new Grant(GrantSubject.ENTERPRISE, e)));
        }
        if (body != null && body.platformMerchants() != null) {
            body.platformMerchants().forEach(m -> grants.add(new Grant(GrantSubject.PLATFORM_MERCHANT, m)));
        }
        IssuedKey key = apiKeys.issue(ApiService.CHECKOUT, grants, body == null ? null : body.label());
        return Response.fromResponse(created("key issued; store it now, it is not shown again",
                Map.of("keyId", key.keyId(), "key", key.key()))).header("Cache-Control", "no-store").build();
    }

    /**
     * Keeps every stored cart's personal data as the current rules say (ID numbers masked, phone
     * numbers sealed) under the newest key-encryption key: after a key was added to
     * credentials.key, or for carts stored before; the number of carts rewritten. Safe to repeat.
     */
    @FailureAction("resealing the carts' personal data")
    @POST
    @Path("carts/reseal")
    @Consumes(MediaType.WILDCARD)
    public ApiResponse resealCarts() {
        String newest = credentialKeys.ring().newestId();
        int rewritten = Resealed.all(carts::reseal);
        return new ApiResponse(200, "carts' personal data sealed under the newest key-encryption key",
                Map.of("keyId", newest, "rewritten", rewritten));
    }

    @FailureAction("revoking the key")
    @DELETE
    @Path("keys/{keyId}")
    public ApiResponse revokeKey(@PathParam("keyId") String keyId) {
        apiKeys.revoke(ApiService.CHECKOUT, keyId);
        return new ApiResponse(200, "key revoked", Map.of("keyId", keyId));
    }

    private static Response created(String message, Object data) {
        return ApiResponse.response(201, new ApiResponse(201, message, data));
    }
}
