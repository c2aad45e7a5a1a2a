/**
 * The rule for whole numbers in JSON requests, and the strict JSON-B of the web modules' typed
 * request records ({@link org.cbec.platform.json.StrictJson}), which uses that rule as the cart rules
 * do and refuses repeated members with plumbing's {@code org.cbec.plumbing.json.UniqueMembers}.
 * JSON-P with a provider looked up once is plumbing's {@code org.cbec.plumbing.json.Jsonp}.
 */
package org.cbec.platform.json;
