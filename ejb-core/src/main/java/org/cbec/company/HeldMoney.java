package org.cbec.company;

/**
 * What a company still holds for settlement of a paid payment (WeChat's remaining-amount query,
 * Alipay's on-settle query): {@code unsplitAmount} in the payment currency's base unit; zero once
 * everything was split or released, also when the company released it on its own after its days.
 */
public record HeldMoney(String transactionId, long unsplitAmount) {
}
