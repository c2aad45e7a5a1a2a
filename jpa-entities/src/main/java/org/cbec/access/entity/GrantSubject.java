package org.cbec.access.entity;

/** What a key can be granted for; each kind belongs to one service. */
public enum GrantSubject {
    /** A broker merchant ({@code {merchant}}). */
    MERCHANT(ApiService.BROKER),
    /** A checkout enterprise ({@code {enterpriseId}}). */
    ENTERPRISE(ApiService.CHECKOUT),
    /** A checkout platform merchant ({@code {merchantId}} of platform carts). */
    PLATFORM_MERCHANT(ApiService.CHECKOUT);

    private final ApiService service;

    GrantSubject(ApiService service) {
        this.service = service;
    }

    public ApiService service() {
        return service;
    }
}
