/**
 * alphapay's side of its protocol (docs/companies/alphapay.md), written from that
 * document on the company's side: the text a request signature covers and the Authorization header
 * that carries it, verification of every request, the signature on every answer, OAEP decryption
 * of personal data, the operations under {@code /sandbox/alphapay/v3} (profit sharing in
 * AlphapayProfitSharing; payouts abroad, this project's own convention, in AlphapayPayouts; the daily
 * bills and their unsigned download in AlphapayBills), and its
 * callbacks (an event whose resource is AES-256-GCM under the account's API v3 key, signed as an
 * answer is). The broker's adapter is a separate implementation; the two agree through the
 * written-out vectors in AlphapayProtocolVectorsTest, AlphapaySettlementProtocolTest and
 * AlphapayPayoutProtocolTest, AlphapayBillProtocolTest, and the broker's AlphapayVectorsTest, AlphapaySettlementVectorsTest and
 * AlphapayPayoutVectorsTest, AlphapayBillVectorsTest.
 */
package org.cbec.sandbox.alphapay;
