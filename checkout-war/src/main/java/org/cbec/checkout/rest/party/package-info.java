/** The enterprise or platform merchant a checkout key acts for. */
package org.cbec.checkout.rest.party;
