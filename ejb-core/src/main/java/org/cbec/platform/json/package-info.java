/** JSON-P with a provider looked up once. */
package org.cbec.platform.json;
