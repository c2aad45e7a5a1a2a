package org.cbec.broker.rest.access;

import org.cbec.webhook.IssuedSecret;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import org.cbec.platform.crypto.CredentialKeys;
import org.cbec.platform.crypto.Resealed;
import jakarta.ws.rs.Consumes;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.cbec.web.access.AdminOnly;
import org.cbec.access.boundary.ApiKeys;
import org.cbec.access.Grant;
import org.cbec.access.IssuedKey;
import org.cbec.access.boundary.Parties;
import org.cbec.access.Party;
import org.cbec.access.entity.ApiService;
import org.cbec.access.entity.GrantSubject;
import org.cbec.payment.PayoutAccountView;
import org.cbec.payout.RegisterPayoutAccount;
import org.cbec.payment.boundary.CompanyAccounts;
import org.cbec.payout.boundary.Payouts;
import org.cbec.platform.time.BeijingTime;
import org.cbec.webhook.control.EventLedger;
import org.cbec.webhook.boundary.Events;
import org.cbec.web.error.FailureAction;

/** Registers broker merchants and issues and revokes their {@code app-api-key}s. */
@Path("admin")
@AdminOnly
@RequestScoped
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class AdminResource {

    /** Body of {@code POST /admin/merchants}. */
    public record NewMerchant(String name) {
    }

    /** Body of {@code POST /admin/keys}. */
    public record NewKey(List<String> merchants, String label) {
    }

    public record MerchantRegistered(int code, String message, String merchant, String createdAt) {
    }

    /** The key text is in this response and nowhere else, ever. */
    public record KeyIssued(int code, String message, String keyId, String key, List<String> merchants, String label) {
    }

    public record KeyRevoked(int code, String message, String keyId) {
    }

    /** Body of {@code PUT /admin/merchants/{merchant}/companies/{paymentMethod}}. */
    public record CompanyAccountRequest(String companyMerchantId, String appId, String keySerial, String merchantPrivateKey,
            String companyPublicKey, String apiV3Key, String feeRate, String feeRateFrom, Integer settlementDays) {
    }

    /** The account registered: its fee rates, each from the Beijing day it takes effect (the first from the account's start). */
    public record CompanyAccountRegistered(int code, String message, String merchant, String paymentMethod, List<FeeRateResult> feeRates,
            int settlementDays) {
    }

    public record FeeRateResult(String from, String feeRate) {
    }

    public record Done(int code, String message) {
    }

    /** The secret is in this response and nowhere else, ever; the one it replaced signs beside it until previousSignsUntil. */
    public record WebhookSecretIssued(int code, String message, String merchant, String secret, String previousSignsUntil) {
    }

    @Inject
    Payouts payouts;

    @Inject
    Parties parties;

    @Inject
    ApiKeys apiKeys;

    @Inject
    CompanyAccounts companyAccounts;

    @Inject
    Events events;

    @Inject
    org.cbec.customs.boundary.Declarations declarations;

    @Inject
    org.cbec.customs.boundary.OrderDeclarations orders;

    @Inject
    org.cbec.customs.boundary.WindowAccounts windowAccounts;

    @Inject
    CredentialKeys credentialKeys;

    /** Answer of {@code POST /admin/credentials/reseal}. */
    public record Resealing(int code, String message, String keyId, int rewritten) {
    }

    @FailureAction("registering the merchant")
    @POST
    @Path("merchants")
    public Response registerMerchant(NewMerchant body) {
        Party merchant = parties.registerMerchant(body == null ? null : body.name());
        return Response.status(Response.Status.CREATED)
                .entity(new MerchantRegistered(201, "merchant registered", merchant.id(), BeijingTime.format(merchant.createdAt())))
                .build();
    }

    @FailureAction("issuing the key")
    @POST
    @Path("keys")
    public Response issueKey(NewKey body) {
        List<Grant> grants = body == null || body.merchants() == null ? List.of()
                : body.merchants().stream().map(m -> new Grant(GrantSubject.MERCHANT, m)).toList();
        IssuedKey key = apiKeys.issue(ApiService.BROKER, grants, body == null ? null : body.label());
        return Response.status(Response.Status.CREATED)
                .header("Cache-Control", "no-store")
                .entity(new KeyIssued(201, "key issued; store it now, it is not shown again", key.keyId(), key.key(),
                        key.grants().stream().map(Grant::subject).toList(), key.label()))
                .build();
    }

    /** Registers (or replaces) the merchant's account at a company; the private key is never returned. */
    @FailureAction("registering the merchant's company account")
    @PUT
    @Path("merchants/{merchant}/companies/{paymentMethod}")
    public CompanyAccountRegistered registerCompanyAccount(@PathParam("merchant") String merchant,
            @PathParam("paymentMethod") String paymentMethod, CompanyAccountRequest body) {
        CompanyAccountRequest b = body != null ? body : new CompanyAccountRequest(null, null, null, null, null, null, null, null, null);
        companyAccounts.register(merchant, paymentMethod, b.companyMerchantId(), b.appId(), b.keySerial(),
                b.merchantPrivateKey(), b.companyPublicKey(), b.apiV3Key(), b.feeRate(), b.feeRateFrom(), b.settlementDays());
        return new CompanyAccountRegistered(200, "company account registered", merchant, paymentMethod, companyAccounts
                .feeRates(merchant, paymentMethod).stream().map(r -> new FeeRateResult(r.from().toString(), r.rate().toPlainString())).toList(),
                companyAccounts.settlementDays(merchant, paymentMethod));
    }

    /** Body of {@code PUT /admin/customs-window}: the broker's registration at the customs single window. */
    public record WindowAccountRequest(String copCode, String copName, String dxpId, String keySerial, String privateKey,
            String windowKeySerial, String windowPublicKey) {

        @Override
        public String toString() {
            return "WindowAccountRequest[" + copCode + "]";
        }
    }

    /** The broker's registration at the window, as shown: no key of its own. */
    public record WindowAccountResult(int code, String message, String copCode, String copName, String dxpId, String keySerial,
            String windowKeySerial, String updatedAt) {
    }

    /** Registers (or replaces) the broker at the customs single window; the private key is never returned. */
    @FailureAction("registering the broker at the customs window")
    @PUT
    @Path("customs-window")
    public WindowAccountResult registerWindowAccount(WindowAccountRequest body) {
        WindowAccountRequest b = body != null ? body : new WindowAccountRequest(null, null, null, null, null, null, null);
        return window(windowAccounts.register(b.copCode(), b.copName(), b.dxpId(), b.keySerial(), b.privateKey(), b.windowKeySerial(),
                b.windowPublicKey()), "customs window account registered");
    }

    @FailureAction("reading the broker's registration at the customs window")
    @GET
    @Path("customs-window")
    public WindowAccountResult windowAccount() {
        return window(windowAccounts.registered().orElseThrow(() -> new org.cbec.platform.error.UnknownResourceException(
                "the broker is not registered at the customs window")), "OK");
    }

    private static WindowAccountResult window(org.cbec.customs.boundary.WindowAccounts.Registered r, String message) {
        return new WindowAccountResult(200, message, r.copCode(), r.copName(), r.dxpId(), r.keySerial(), r.windowKeySerial(),
                org.cbec.platform.time.BeijingTime.format(r.updatedAt()));
    }

    /** Body of {@code PUT /admin/merchants/{merchant}/payout-accounts/{paymentMethod}}; never shown in clear. */
    public record PayoutAccountRequest(String holderName, String accountNumber, String swiftCode, String bankCountry, String currency) {

        @Override
        public String toString() {
            return "PayoutAccountRequest[" + swiftCode + " " + bankCountry + " " + currency + "]";
        }
    }

    /** The merchant's account abroad at a company, masked. */
    @JsonbNillable
    public record PayoutAccountResult(int code, String message, String merchant, String paymentMethod, String holderName,
            String accountNumber, String swiftCode, String bankCountry, String currency, String registeredAt) {
    }

    /** Registers (or replaces) the merchant's account abroad at a company, at the company first; answered masked. */
    @FailureAction("registering the account abroad")
    @PUT
    @Path("merchants/{merchant}/payout-accounts/{paymentMethod}")
    public PayoutAccountResult registerPayoutAccount(@PathParam("merchant") String merchant,
            @PathParam("paymentMethod") String paymentMethod, PayoutAccountRequest body) {
        PayoutAccountRequest b = body != null ? body : new PayoutAccountRequest(null, null, null, null, null);
        return result(payouts.registerAccount(merchant, paymentMethod, new RegisterPayoutAccount(b.holderName(), b.accountNumber(),
                b.swiftCode(), b.bankCountry(), b.currency())));
    }

    @FailureAction("reading the account abroad")
    @GET
    @Path("merchants/{merchant}/payout-accounts/{paymentMethod}")
    public PayoutAccountResult payoutAccount(@PathParam("merchant") String merchant, @PathParam("paymentMethod") String paymentMethod) {
        return result(payouts.account(merchant, paymentMethod));
    }

    private static PayoutAccountResult result(PayoutAccountView a) {
        return new PayoutAccountResult(200, "OK", a.merchant(), a.paymentMethod(), a.holderName(), a.accountNumber(), a.swiftCode(),
                a.bankCountry(), a.currency(), BeijingTime.format(a.registeredAt()));
    }

    /** Issues the merchant's webhook signing secret, or rotates it: the old one keeps signing for a day. */
    @FailureAction("issuing the webhook secret")
    @POST
    @Path("merchants/{merchant}/webhook-secret")
    @Consumes(MediaType.WILDCARD)
    public Response issueWebhookSecret(@PathParam("merchant") String merchant) {
        IssuedSecret s = events.issueSecret(merchant);
        return Response.status(Response.Status.CREATED).header("Cache-Control", "no-store")
                .entity(new WebhookSecretIssued(201, "webhook secret issued; store it now, it is not shown again", merchant, s.secret(),
                        BeijingTime.format(s.previousSignsUntil())))
                .build();
    }

    /**
     * Seals every company account's secrets, every webhook signing secret, every payer identity and
     * order declared to customs and the broker's key at the customs window under the newest
     * key-encryption key (after a key was added to credentials.key, or to seal rows stored before
     * sealing existed); the number of rows rewritten. Safe to repeat and to run on several nodes at once.
     */
    @FailureAction("resealing the stored secrets")
    @POST
    @Path("credentials/reseal")
    @Consumes(MediaType.WILDCARD)
    public Resealing resealCredentials() {
        String newest = credentialKeys.ring().newestId();
        int rewritten = Resealed.all(companyAccounts::reseal) + Resealed.all(events::resealSecrets)
                + Resealed.all(declarations::resealIdentities) + Resealed.all(orders::resealBodies) + Resealed.all(windowAccounts::reseal);
        return new Resealing(200, "company accounts, webhook secrets, declared payer identities, declared orders and the window account"
                + " sealed under the newest key-encryption key", newest, rewritten);
    }

    @FailureAction("revoking the key")
    @DELETE
    @Path("keys/{keyId}")
    public KeyRevoked revokeKey(@PathParam("keyId") String keyId) {
        apiKeys.revoke(ApiService.BROKER, keyId);
        return new KeyRevoked(200, "key revoked", keyId);
    }
}
