/**
 * The books of the sandbox payment companies that broker-war serves for tests and the embedded
 * run: their own key pairs, the merchant keys they trust, and the orders they hold.
 */
package org.cbec.sandbox.entity;
