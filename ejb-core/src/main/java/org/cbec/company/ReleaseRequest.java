package org.cbec.company;

/**
 * A release to the merchant of what a company still holds of a paid payment (WeChat's unfreeze,
 * Alipay's settle with {@code royalty_finish}): {@code releaseNo} is the company's order number for
 * it, derived from the broker's release, and the company's answer is read as a split's
 * ({@link SplitStatus}), queried with that number.
 */
public record ReleaseRequest(String orderRef, String transactionId, String releaseNo, String description) {
}
