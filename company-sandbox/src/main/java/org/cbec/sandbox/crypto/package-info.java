/**
 * The companies' own cryptography, on the JDK alone: SHA-256 digests and comparisons in constant
 * time, and the AES-256-GCM encryption of the resource in alphapay's callbacks. Keys as PEM text,
 * RSA key pairs, SHA256withRSA signatures and RSA-OAEP are plumbing's ({@code org.cbec.plumbing.crypto}),
 * the one module the sandbox shares with the broker; which text is signed or encrypted is the
 * sandbox's own, and the two sides meet only in the written-out vectors.
 */
package org.cbec.sandbox.crypto;
