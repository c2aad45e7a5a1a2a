package org.cbec.cart.boundary;

import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.json.JsonObject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.math.RoundingMode;
import java.security.SecureRandom;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.HexFormat;
import java.util.logging.Logger;
import org.cbec.access.control.SubjectNames;
import org.cbec.cart.control.CartRules;
import org.cbec.cart.control.Money;
import org.cbec.cart.entity.Cart;
import org.cbec.cart.entity.CartStatus;
import org.cbec.platform.error.ConflictException;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.error.UnknownResourceException;

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

    @EJB
    ExchangeRates rates;

    public CartCreated createPlatformCart(String platform, String merchantId, JsonObject body) {
        CartRules.platform(platform);
        CartRules.PlatformTotals totals = CartRules.checkPlatformCart(body);
        ExchangeRates.Rate rate = rates.current();
        Long totalCny = switch (totals.currency()) {
            case "CNY" -> totals.totalMinor();
            case "GBP" -> Money.convert(totals.totalMinor(), rate.rate(), RoundingMode.HALF_UP);
            default -> null;
        };
        Cart cart = new Cart(newCartId(), Cart.Kind.PLATFORM, platform, merchantId, null, totals.currency(), totals.totalMinor(),
                totalCny, rate.rate(), rate.source(), rate.date(), body.toString(), null, now());
        em.persist(cart);
        LOG.info(() -> "Cart created: " + cart.getCartId() + " " + platform + " merchant " + merchantId + " " + totals.currency()
                + " " + totals.totalMinor() + " at " + rate.rate() + " (" + rate.source() + ")");
        return new CartCreated(cart.getCartId(), rate.rate());
    }

    public CartCreated createEnterpriseCart(String enterpriseId, String merchantId, JsonObject body) {
        SubjectNames.require("merchantId", merchantId);
        ExchangeRates.Rate rate = rates.current();
        CartRules.EnterpriseTotals totals = CartRules.checkEnterpriseCart(body, rate.rate());
        long totalCny = totals.currency().equals("CNY") ? totals.totalToPayMinor()
                : Money.convert(totals.totalToPayMinor(), rate.rate(), RoundingMode.HALF_UP);
        Cart cart = new Cart(newCartId(), Cart.Kind.ENTERPRISE, null, merchantId, enterpriseId, totals.currency(),
                totals.totalToPayMinor(), totalCny, rate.rate(), rate.source(), rate.date(), body.toString(),
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
        if (r.failReason() != null && r.failReason().length() > 512) {
            throw new InvalidRequestException("failReason", "failReason must be at most 512 characters");
        }
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
        if (value.length() > max) {
            throw new InvalidRequestException(field, field + " must be at most " + max + " characters");
        }
    }

    /** 128 random bits: a cart id cannot be guessed from another. */
    static String newCartId() {
        byte[] id = new byte[16];
        RANDOM.nextBytes(id);
        return "ct_" + HexFormat.of().formatHex(id);
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
