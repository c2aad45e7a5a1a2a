/**
 * betapay's side of its protocol (docs/companies/betapay.md), written from that
 * document on the company's side: the form-encoded gateway {@code /sandbox/betapay/gateway.do}, the
 * sorted {@code name=value} text a request signature covers, the signed response node, yuan
 * amounts, its callbacks (a {@code trade_status_sync} form signed without {@code sign_type}), and
 * its royalty (settlement) methods, read in BetapayRoyalties and worked on the books' Settlements,
 * and its payouts abroad (this project's own methods, in the gateway's style), read in BetapayPayouts
 * and worked on the books' Payouts, and its daily bills (a signed query answering a short-lived
 * link to a ZIP of GBK CSVs on the sandbox itself), written in BetapayBills from the books' Bills.
 * The broker's adapter is a separate implementation; the two agree through the written-out vectors
 * in BetapayProtocolVectorsTest, BetapaySettlementVectorsTest, BetapayPayoutVectorsTest and
 * BetapayBillVectorsTest and the broker's BetapayVectorsTest, BetapayRoyaltyTest, BetapayPayoutsTest
 * and BetapayBillsTest.
 */
package org.cbec.sandbox.betapay;
