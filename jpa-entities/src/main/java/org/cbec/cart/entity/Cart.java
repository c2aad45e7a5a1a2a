package org.cbec.cart.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;

/**
 * A cart from a shop platform or an enterprise merchant. The exchange rate is copied onto the cart
 * when it is created and never changes afterwards.
 */
@Entity
@Table(name = "cart")
@NamedQuery(name = Cart.BY_CART_ID, query = "SELECT c FROM Cart c WHERE c.cartId = :cartId")
public class Cart {

    public static final String BY_CART_ID = "Cart.byCartId";
    /** The width of {@code cart_json} (V13): the default largest request body, 1 MiB. */
    public static final int CART_JSON_LENGTH = 1_048_576;

    /** Where a cart comes from. */
    public enum Kind {
        PLATFORM,
        ENTERPRISE
    }

    @Id
    @SequenceGenerator(name = "cart_seq", sequenceName = "cart_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "cart_seq")
    private Long id;

    @Column(name = "cart_id", nullable = false, unique = true, length = 40)
    private String cartId;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private Kind kind;

    @Column(length = 16)
    private String platform;

    @Column(name = "merchant_id", nullable = false, length = 64)
    private String merchantId;

    @Column(name = "enterprise_id", length = 64)
    private String enterpriseId;

    @Column(nullable = false, length = 3)
    private String currency;

    @Column(name = "total_minor", nullable = false)
    private long totalMinor;

    /** Null for a platform cart in a currency other than CNY or GBP: the locked rate is GBP→CNY only. */
    @Column(name = "total_cny_fen")
    private Long totalCnyFen;

    @Column(name = "exchange_rate", nullable = false, precision = 18, scale = 6)
    private BigDecimal exchangeRate;

    @Column(name = "rate_source", nullable = false, length = 16)
    private String rateSource;

    @Column(name = "rate_date", nullable = false)
    private LocalDate rateDate;

    @Column(name = "cart_json", nullable = false, length = Cart.CART_JSON_LENGTH)
    private String cartJson;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 24)
    private CartStatus status;

    @Column(name = "cancel_url", length = 2048)
    private String cancelUrl;

    @Column(name = "payment_url", length = 2048)
    private String paymentUrl;

    @Column(name = "enterprise_order_id", length = 64)
    private String enterpriseOrderId;

    @Column(name = "payment_pay_id", length = 64)
    private String paymentPayId;

    @Column(name = "paid_at")
    private OffsetDateTime paidAt;

    @Column(name = "fail_reason", length = 512)
    private String failReason;

    @Column(name = "initial_request", length = 2048)
    private String initialRequest;

    @Column(name = "initial_response", length = 2048)
    private String initialResponse;

    @Column(name = "declaration_status", length = 32)
    private String declarationStatus;

    @Column(name = "pay_transaction_id", length = 64)
    private String payTransactionId;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    /** The shipping address as the buyer confirmed it on the form (JSON), with the consent time. */
    @Column(name = "confirmed_address", length = 4400)
    private String confirmedAddress;

    @Column(name = "confirmed_at")
    private OffsetDateTime confirmedAt;

    @Column(name = "updated_at", nullable = false)
    private OffsetDateTime updatedAt;

    @Version
    private long version;

    protected Cart() {
    }

    public Cart(String cartId, Kind kind, String platform, String merchantId, String enterpriseId, String currency, long totalMinor,
            Long totalCnyFen, BigDecimal exchangeRate, String rateSource, LocalDate rateDate, String cartJson, String cancelUrl,
            OffsetDateTime at) {
        this.cartId = cartId;
        this.kind = kind;
        this.platform = platform;
        this.merchantId = merchantId;
        this.enterpriseId = enterpriseId;
        this.currency = currency;
        this.totalMinor = totalMinor;
        this.totalCnyFen = totalCnyFen;
        this.exchangeRate = exchangeRate;
        this.rateSource = rateSource;
        this.rateDate = rateDate;
        this.cartJson = cartJson;
        this.cancelUrl = cancelUrl;
        this.status = CartStatus.CREATED;
        this.createdAt = at;
        this.updatedAt = at;
    }

    public void paymentUrl(String url, OffsetDateTime at) {
        this.paymentUrl = url;
        this.status = CartStatus.PAYMENT_URL_SET;
        this.updatedAt = at;
    }

    public void paymentReported(boolean success, String enterpriseOrderId, String paymentPayId, OffsetDateTime paidAt,
            String failReason, String initialRequest, String initialResponse, OffsetDateTime at) {
        this.status = success ? CartStatus.PAID : CartStatus.PAYMENT_FAILED;
        this.enterpriseOrderId = enterpriseOrderId;
        this.paymentPayId = paymentPayId;
        this.paidAt = paidAt;
        this.failReason = failReason;
        this.initialRequest = initialRequest;
        this.initialResponse = initialResponse;
        this.updatedAt = at;
    }

    /** The buyer confirmed the shipping address and consented to the customs declaration. */
    public void shippingConfirmed(String addressJson, OffsetDateTime at) {
        this.confirmedAddress = addressJson;
        this.confirmedAt = at;
        this.updatedAt = at;
    }

    /** The same cart with its personal data kept anew (masked, sealed under the newest key). */
    public void personalDataResealed(String cartJson, String confirmedAddress) {
        this.cartJson = cartJson;
        this.confirmedAddress = confirmedAddress;
    }

    public String getConfirmedAddress() {
        return confirmedAddress;
    }

    public OffsetDateTime getConfirmedAt() {
        return confirmedAt;
    }

    public void declared(String declarationStatus, String payTransactionId, OffsetDateTime at) {
        this.status = CartStatus.DECLARED;
        this.declarationStatus = declarationStatus;
        this.payTransactionId = payTransactionId;
        this.updatedAt = at;
    }

    public Long getId() {
        return id;
    }

    public String getCartId() {
        return cartId;
    }

    public Kind getKind() {
        return kind;
    }

    public String getPlatform() {
        return platform;
    }

    public String getMerchantId() {
        return merchantId;
    }

    public String getEnterpriseId() {
        return enterpriseId;
    }

    public String getCurrency() {
        return currency;
    }

    public long getTotalMinor() {
        return totalMinor;
    }

    public Long getTotalCnyFen() {
        return totalCnyFen;
    }

    public BigDecimal getExchangeRate() {
        return exchangeRate;
    }

    public String getRateSource() {
        return rateSource;
    }

    public LocalDate getRateDate() {
        return rateDate;
    }

    public String getCartJson() {
        return cartJson;
    }

    public CartStatus getStatus() {
        return status;
    }

    public String getCancelUrl() {
        return cancelUrl;
    }

    public String getPaymentUrl() {
        return paymentUrl;
    }

    public String getEnterpriseOrderId() {
        return enterpriseOrderId;
    }

    public String getPaymentPayId() {
        return paymentPayId;
    }

    public OffsetDateTime getPaidAt() {
        return paidAt;
    }

    public String getFailReason() {
        return failReason;
    }

    public String getDeclarationStatus() {
        return declarationStatus;
    }

    public String getPayTransactionId() {
        return payTransactionId;
    }

    public long getVersion() {
        return version;
    }
}
