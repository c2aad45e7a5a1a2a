/**
 * The text codecs both companies and the admin API share: strict UTF-8, bounded request bodies,
 * percent-decoding, JSON-P reading and writing, and typed access to JSON members with refusals
 * that name the member. Strict on purpose: whatever cannot be read exactly is refused, never
 * guessed at, because a company that guesses signs something the merchant did not send.
 */
package org.cbec.sandbox.codec;
