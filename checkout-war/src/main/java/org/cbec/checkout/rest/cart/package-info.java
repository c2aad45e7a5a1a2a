/** The cart operations of the checkout spec (4.1 to 4.6). */
package org.cbec.checkout.rest.cart;
