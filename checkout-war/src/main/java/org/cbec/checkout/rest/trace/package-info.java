/** What every request to the checkout service meets first: its id, the body limit. */
package org.cbec.checkout.rest.trace;
