/** JSON-P with a provider looked up once, and the rule for whole numbers in JSON requests. */
package org.cbec.platform.json;
