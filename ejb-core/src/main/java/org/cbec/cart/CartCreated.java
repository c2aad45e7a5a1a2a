package org.cbec.cart;

import java.math.BigDecimal;

/** What a new cart's creator is told: its id and the GBP→CNY rate locked on it. */
public record CartCreated(String cartId, BigDecimal exchangeRate) {
}
