/** The payment operations of spec 4.1 to 4.4 at {@code {base_url}/payment}. */
package org.cbec.broker.rest.payment;
