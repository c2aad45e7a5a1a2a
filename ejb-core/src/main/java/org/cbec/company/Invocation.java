package org.cbec.company;

/**
 * Client-side invocation parameters signed with the merchant's key, as the wallet SDK expects:
 * {@code payInvokeMessage} is their JSON.
 */
public record Invocation(String timeStamp, String nonceStr, String payInvokeMessage) {
}
