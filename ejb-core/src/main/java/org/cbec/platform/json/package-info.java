/**
 * JSON-P with a provider looked up once, the rule for whole numbers in JSON requests, and the
 * strict JSON-B of the web modules' typed request records ({@link org.cbec.platform.json.StrictJson}),
 * which uses that rule as the cart rules do.
 */
package org.cbec.platform.json;
