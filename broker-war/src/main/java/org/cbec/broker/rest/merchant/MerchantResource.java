package org.cbec.broker.rest.merchant;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.cbec.platform.time.BeijingTime;
import org.cbec.access.boundary.Parties;
import org.cbec.access.Party;
import org.cbec.access.entity.GrantSubject;
import org.cbec.payment.boundary.CompanyAccounts;
import org.cbec.web.error.FailureAction;

/**
 * {@code GET {base_url}/merchant/{merchant}}: the merchant this key acts for, and the companies at
 * which it has an account. Not in the spec; it lets an integrator check a key, and its company
 * setup, without creating a payment.
 */
@FailureAction("reading the merchant")
@Path("v1/merchant/{merchant}")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class MerchantResource {

    public record MerchantProfile(int code, String message, String merchant, String registeredAt, List<String> companies) {
    }

    @Inject
    Parties parties;

    @Inject
    CompanyAccounts accounts;

    @GET
    public MerchantProfile get(@PathParam("merchant") String merchant) {
        Party party = parties.get(GrantSubject.MERCHANT, merchant);
        return new MerchantProfile(200, "OK", party.id(), BeijingTime.format(party.createdAt()), accounts.methodsOf(party.id()));
    }
}
