/**
 * alphapay's side of its protocol (README, "The payment companies' protocols"), written from the
 * README on the company's side: the text a request signature covers and the Authorization header
 * that carries it, verification of every request, the signature on every answer, OAEP decryption
 * of personal data, and the operations under {@code /sandbox/alphapay/v3}. The broker's adapter is a
 * separate implementation; the two agree through the written-out vectors in
 * AlphapayProtocolVectorsTest and the broker's AlphapayVectorsTest.
 */
package org.cbec.sandbox.alphapay;
