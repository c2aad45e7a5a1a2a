/**
 * Secrets at rest: values sealed with AES-256-GCM under a key-encryption key from configuration
 * ({@code credentials.key}, CREDENTIALS_KEY), each ciphertext carrying the id of the key it was
 * sealed with, so that a new key can be added while the old ones still open what they sealed.
 */
package org.cbec.platform.crypto;
