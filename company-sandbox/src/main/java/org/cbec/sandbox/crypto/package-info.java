/**
 * The companies' cryptography, on the JDK alone: RSA-2048 key pairs, SHA256withRSA signatures in
 * Base64, PEM text of keys, the RSA-OAEP decryption alphapay applies to personal data, and the
 * AES-256-GCM encryption of the resource in alphapay's callbacks. Written for the company side; the
 * broker has its own, and the two meet only in the written-out vectors.
 */
package org.cbec.sandbox.crypto;
