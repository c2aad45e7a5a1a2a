/**
 * RSA on the JDK alone: keys as PEM text ({@link org.cbec.plumbing.crypto.Pem}), RSA-2048 key pairs
 * and SHA256withRSA signatures in Base64 ({@link org.cbec.plumbing.crypto.Rsa}), RSA-OAEP with
 * SHA-1 of UTF-8 text ({@link org.cbec.plumbing.crypto.Oaep}). Which text is signed or encrypted,
 * and under whose key, is each protocol's, on each side.
 */
package org.cbec.plumbing.crypto;
