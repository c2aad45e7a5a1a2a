package org.cbec.cart.boundary;

import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.math.RoundingMode;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.HexFormat;
import java.util.function.Supplier;
import java.util.logging.Logger;
import org.cbec.access.control.SubjectNames;
import org.cbec.cart.control.CartRules;
import org.cbec.cart.control.FormTokens;
import org.cbec.cart.control.Money;
import org.cbec.cart.entity.Cart;
import org.cbec.cart.entity.CartStatus;
import org.cbec.platform.error.ConflictException;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.error.UnknownResourceException;
import org.cbec.platform.identity.ResidentId;
import org.cbec.platform.crypto.CredentialKeys;
import org.cbec.platform.crypto.KeyRing;
import org.cbec.platform.crypto.Resealed;
import org.cbec.cart.control.CartPrivacy;
import java.util.List;
import java.util.function.UnaryOperator;
import org.cbec.platform.text.FreeText;
import org.cbec.cart.CartCreated;
import org.cbec.cart.PaymentReport;
import org.cbec.cart.DeclarationReport;
import org.cbec.plumbing.json.Jsonp;

/**
 * Creates carts and records what is reported about them, in the order the lifecycle allows:
 * CREATED → PAYMENT_URL_SET → PAID | PAYMENT_FAILED; PAID → DECLARED. A second report of the same
 * kind is a conflict (409); a report out of order is refused (400). Reports lock the cart row, so
 * of concurrent duplicates exactly one is recorded.
 */
@Stateless
public class Carts {

    private static final Logger LOG = Logger.getLogger(Carts.class.getName());
    private static final SecureRandom RANDOM = new SecureRandom();

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    /**
     * The widths of the columns {@code cart.cart_json} and {@code cart.confirmed_address} (V13, V5). A
     * body within the default size limit always fits; the check matters only where the limit was raised.
     */
    private static final int CART_JSON_CHARS = Cart.CART_JSON_LENGTH;
    private static final int ADDRESS_JSON_CHARS = 4_000;

    @EJB
    ExchangeRates rates;

    @jakarta.inject.Inject
    FormSecret formSecret;

    @jakarta.inject.Inject
    CredentialKeys keys;

    public CartCreated createPlatformCart(String platform, String merchantId, JsonObject body) {
        CartRules.platform(platform);
        String cartJson = CartRules.storable(body, "cart", CART_JSON_CHARS);
        ExchangeRates.Rate rate = rates.current();
        CartRules.PlatformTotals totals = addedUp(() -> CartRules.checkPlatformCart(body));
        Long totalCny = addedUp(() -> switch (totals.currency()) {
            case "CNY" -> totals.totalMinor();
            case "GBP" -> Money.convert(totals.totalMinor(), rate.rate(), RoundingMode.HALF_UP);
            default -> null;
        });
        Cart cart = new Cart(newCartId(), Cart.Kind.PLATFORM, platform, merchantId, null, totals.currency(), totals.totalMinor(),
                totalCny, rate.rate(), rate.source(), rate.date(), cartJson, null, now());
        em.persist(cart);
        LOG.info(() -> "Cart created: " + cart.getCartId() + " " + platform + " merchant " + merchantId + " " + totals.currency()
                + " " + totals.totalMinor() + " at " + rate.rate() + " (" + rate.source() + ")");
        return new CartCreated(cart.getCartId(), rate.rate());
    }

    public CartCreated createEnterpriseCart(String enterpriseId, String merchantId, JsonObject body) {
        SubjectNames.require("merchantId", merchantId);
        CartRules.storable(body, "cart", CART_JSON_CHARS);
        ExchangeRates.Rate rate = rates.current();
        CartRules.EnterpriseTotals totals = addedUp(() -> CartRules.checkEnterpriseCart(body, rate.rate()));
        String cartJson = CartPrivacy.stored(body, sealing()).toString();
        long totalCny = addedUp(() -> totals.currency().equals("CNY") ? totals.totalToPayMinor()
                : Money.convert(totals.totalToPayMinor(), rate.rate(), RoundingMode.HALF_UP));
        Cart cart = new Cart(newCartId(), Cart.Kind.ENTERPRISE, null, merchantId, enterpriseId, totals.currency(),
                totals.totalToPayMinor(), totalCny, rate.rate(), rate.source(), rate.date(), cartJson,
                body.getString("cancelUrl"), now());
        em.persist(cart);
        LOG.info(() -> "Cart created: " + cart.getCartId() + " enterprise " + enterpriseId + " merchant " + merchantId + " "
                + totals.currency() + " " + totals.totalToPayMinor() + " at " + rate.rate() + " (" + rate.source() + ")");
        return new CartCreated(cart.getCartId(), rate.rate());
    }

    public void setPaymentUrl(String cartId, String enterpriseId, String paymentUrl) {
        if (paymentUrl == null) {
            throw new InvalidRequestException("paymentUrl", "paymentUrl is required");
        }
        CartRules.url("paymentUrl", paymentUrl);
        Cart cart = lockedCart(cartId, enterpriseId);
        if (cart.getStatus() != CartStatus.CREATED && cart.getStatus() != CartStatus.PAYMENT_URL_SET) {
            throw new ConflictException("paymentUrl", "the cart's payment was already reported; its payment URL is final");
        }
        cart.paymentUrl(paymentUrl, now());
        LOG.info(() -> "Cart payment URL set: " + cartId);
    }

    public void paymentReported(String enterpriseId, PaymentReport r) {
        if (r == null) {
            throw new InvalidRequestException(null, "a payment status body is required");
        }
        for (String[] field : new String[][] {{"cartId", r.cartId()}, {"enterpriseOrderId", r.enterpriseOrderId()},
                {"initialRequest", r.initialRequest()}, {"initialResponse", r.initialResponse()}, {"paymentPayId", r.paymentPayId()},
                {"paidAt", r.paidAt()}, {"status", r.status()}}) {
            required(field[0], field[1], field[0].startsWith("initial") ? 2048 : 64);
        }
        OffsetDateTime paidAt;
        try {
            paidAt = OffsetDateTime.parse(r.paidAt());
        } catch (DateTimeParseException e) {
            throw new InvalidRequestException("paidAt", "paidAt must be an ISO 8601 timestamp with offset");
        }
        if (!r.status().equals("success") && !r.status().equals("failed")) {
            throw new InvalidRequestException("status", "status must be success or failed");
        }
        // Stored for the operator and never sent on: a reason may run over several lines.
        FreeText.checkLines("failReason", r.failReason(), 512);
        Cart cart = lockedCart(r.cartId(), enterpriseId);
        switch (cart.getStatus()) {
            case PAID, PAYMENT_FAILED, DECLARED -> throw new ConflictException("cartId", "payment status already updated for this cart");
            case CREATED -> throw new InvalidRequestException("cartId", "the cart has no payment URL yet; it cannot have been paid");
            default -> { }
        }
        cart.paymentReported(r.status().equals("success"), r.enterpriseOrderId(), r.paymentPayId(), paidAt, r.failReason(),
                r.initialRequest(), r.initialResponse(), now());
        LOG.info(() -> "Cart payment " + r.status() + ": " + r.cartId() + " order " + r.enterpriseOrderId());
    }

    public void declarationReported(String enterpriseId, DeclarationReport d) {
        if (d == null) {
            throw new InvalidRequestException(null, "a declaration status body is required");
        }
        required("cartId", d.cartId(), 64);
        required("status", d.status(), 32);
        required("payTransactionId", d.payTransactionId(), 64);
        Cart cart = lockedCart(d.cartId(), enterpriseId);
        if (cart.getStatus() == CartStatus.DECLARED) {
            throw new ConflictException("cartId", "declaration status already updated for this cart");
        }
        if (cart.getStatus() != CartStatus.PAID) {
            throw new InvalidRequestException("cartId", "only a cart whose payment succeeded is declared");
        }
        cart.declared(d.status(), d.payTransactionId(), now());
        LOG.info(() -> "Cart declared: " + d.cartId() + " " + d.status());
    }

    /**
     * The cart is ready for payment: the link to its shipping form, valid for the configured time.
     * Needs a payment URL (409 otherwise) and a cart not yet paid (409).
     */
    public String readyForPayment(String cartId, String enterpriseId) {
        Cart cart = lockedCart(cartId, enterpriseId);
        switch (cart.getStatus()) {
            case CREATED -> throw new ConflictException("paymentUrl", "the cart has no payment URL yet");
            case PAYMENT_URL_SET -> { }
            default -> throw new ConflictException("cartId", "the cart's payment was already reported");
        }
        LOG.info(() -> "Cart ready for payment: " + cartId);
        return FormTokens.issue(cartId, Instant.now().plus(formSecret.ttl()), formSecret.key());
    }

    /**
     * What the shipping form shows: the lines, the totals in the cart currency and in CNY at the
     * locked rate, the payer (identity number masked) and the shipping address to confirm. An
     * unknown cart and a bad or expired token look the same: 404.
     */
    public JsonObject shippingForm(String cartId, String token) {
        Cart cart = formCart(cartId, token);
        JsonObject body = CartPrivacy.shown(Jsonp.reader(new java.io.StringReader(cart.getCartJson())).readObject(), opening());
        JsonObject c = body.getJsonObject("cart");
        JsonObject user = c.getJsonObject("user");
        JsonObject payer = user.getJsonObject("payer");
        JsonObjectBuilder masked = Jsonp.object(payer).add("nationalId", ResidentId.mask(payer.getString("nationalId")));
        JsonObject address = cart.getConfirmedAddress() != null
                ? CartPrivacy.shownAddress(Jsonp.reader(new java.io.StringReader(cart.getConfirmedAddress())).readObject(), opening())
                : user.getJsonObject("shippingAddress");
        return Jsonp.object()
                .add("cartId", cart.getCartId())
                .add("currency", cart.getCurrency())
                .add("products", c.getJsonArray("products"))
                .add("totalPriceBeforeShippingTaxAndDiscount", c.get("totalPriceBeforeShippingTaxAndDiscount"))
                .add("discount", c.getOrDefault("discount", JsonValue.NULL))
                .add("tax", c.getOrDefault("tax", JsonValue.NULL))
                .add("shipping", c.getOrDefault("shipping", JsonValue.NULL))
                .add("totalToPay", Money.units(cart.getTotalMinor()))
                .add("totalToPayCny", Money.units(cart.getTotalCnyFen()))
                .add("exchangeRate", cart.getExchangeRate())
                .add("rateDate", cart.getRateDate().toString())
                .add("payer", masked)
                .add("shippingAddress", address)
                .add("cancelUrl", cart.getCancelUrl())
                .build();
    }

    /**
     * The buyer confirms the shipping address (checked like the API's) and consents to the customs
     * declaration; the answer is where to pay.
     */
    public String confirmShipping(String cartId, String token, JsonObject body) {
        Cart cart = formCart(cartId, token);
        if (body == null) {
            throw new InvalidRequestException(null, "a confirmation body is required");
        }
        if (!body.containsKey("shippingAddress") || body.get("shippingAddress").getValueType() != JsonValue.ValueType.OBJECT) {
            throw new InvalidRequestException("shippingAddress", "shippingAddress is required");
        }
        JsonObject address = body.getJsonObject("shippingAddress");
        CartRules.checkShippingAddress(address, "shippingAddress.");
        CartRules.storable(address, "shippingAddress", ADDRESS_JSON_CHARS);
        if (body.get("consent") != JsonValue.TRUE) {
            throw new InvalidRequestException("consent", "consent to the customs declaration is required");
        }
        if (cart.getStatus() != CartStatus.PAYMENT_URL_SET) {
            throw new ConflictException("cartId", "the cart's payment was already reported");
        }
        cart.shippingConfirmed(CartPrivacy.storedAddress(address, sealing()).toString(), now());
        LOG.info(() -> "Cart shipping confirmed by the buyer: " + cartId);
        return cart.getPaymentUrl();
    }

    /**
     * Rewrites the enterprise carts after {@code afterId} (up to {@code limit} of them, in id order)
     * whose personal data is not kept as {@link CartPrivacy} says under the newest key-encryption
     * key: carts stored before sealing existed, or sealed under an older key. Each cart is locked
     * while it is rewritten, in the state it is in; one transaction per batch.
     */
    public Resealed reseal(long afterId, int limit) {
        KeyRing ring = keys.ring();
        UnaryOperator<String> reseal = v -> ring.resealed(v, CartPrivacy.PHONE);
        List<Long> ids = em.createQuery("SELECT c.id FROM Cart c WHERE c.kind = :kind AND c.id > :after ORDER BY c.id", Long.class)
                .setParameter("kind", Cart.Kind.ENTERPRISE).setParameter("after", afterId).setMaxResults(limit).getResultList();
        int rewritten = 0;
        for (Long id : ids) {
            Cart cart = em.find(Cart.class, id, LockModeType.PESSIMISTIC_WRITE);
            String json = CartPrivacy.stored(read(cart.getCartJson()), reseal).toString();
            String address = cart.getConfirmedAddress() == null ? null
                    : CartPrivacy.storedAddress(read(cart.getConfirmedAddress()), reseal).toString();
            if (!json.equals(cart.getCartJson()) || !java.util.Objects.equals(address, cart.getConfirmedAddress())) {
                cart.personalDataResealed(json, address);
                rewritten++;
            }
        }
        return new Resealed(ids.size(), rewritten, ids.isEmpty() ? afterId : ids.get(ids.size() - 1), ids.size() == limit);
    }

    private static JsonObject read(String json) {
        return Jsonp.reader(new java.io.StringReader(json)).readObject();
    }

    private UnaryOperator<String> sealing() {
        KeyRing ring = keys.ring();
        return v -> KeyRing.isSealed(v) ? v : ring.seal(v, CartPrivacy.PHONE);
    }

    private UnaryOperator<String> opening() {
        KeyRing ring = keys.ring();
        return v -> KeyRing.isSealed(v) ? ring.open(v, CartPrivacy.PHONE) : v;
    }

    private Cart formCart(String cartId, String token) {
        if (!FormTokens.valid(cartId, token, Instant.now(), formSecret.key())) {
            throw new UnknownResourceException("no such shipping form, or the link has expired");
        }
        return em.createNamedQuery(Cart.BY_CART_ID, Cart.class).setParameter("cartId", cartId)
                .setLockMode(LockModeType.PESSIMISTIC_WRITE).getResultStream().findFirst()
                .orElseThrow(() -> new UnknownResourceException("no such shipping form, or the link has expired"));
    }

    /** The enterprise's cart, locked for this transaction; another enterprise's cart does not exist for it. */
    private Cart lockedCart(String cartId, String enterpriseId) {
        return em.createNamedQuery(Cart.BY_CART_ID, Cart.class).setParameter("cartId", cartId)
                .setLockMode(LockModeType.PESSIMISTIC_WRITE)
                .getResultStream()
                .filter(c -> enterpriseId.equals(c.getEnterpriseId()))
                .findFirst()
                .orElseThrow(() -> new UnknownResourceException("no such cart"));
    }

    private static void required(String field, String value, int max) {
        if (value == null || value.isBlank()) {
            throw new InvalidRequestException(field, field + " is required");
        }
        FreeText.check(field, value, max);
    }

    /** 128 random bits: a cart id cannot be guessed from another. */
    static String newCartId() {
        byte[] id = new byte[16];
        RANDOM.nextBytes(id);
        return "ct_" + HexFormat.of().formatHex(id);
    }

    /** The cart's arithmetic, which is exact: a sum or conversion beyond a long is the client's cart (400), not a fault. */
    private static <T> T addedUp(Supplier<T> arithmetic) {
        try {
            return arithmetic.get();
        } catch (ArithmeticException tooLarge) {
            throw new InvalidRequestException("cart", "the cart's amounts are too large to add up");
        }
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
