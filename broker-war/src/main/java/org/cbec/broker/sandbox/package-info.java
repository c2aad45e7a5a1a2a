/**
 * Sandboxes of the two payment companies, served by broker-war under {@code /broker/sandbox}: the
 * company side of each protocol (verifies the broker's signatures and refuses bad ones, signs its
 * answers, keeps orders, applies the duplicate-order rule, closes orders), an onboarding endpoint
 * that opens merchant accounts, a "payer pays" helper and fault injection for tests. On by default
 * in the embedded run ({@code sandbox.enabled}); off in production.
 */
package org.cbec.broker.sandbox;
