/** The merchant a broker key acts for. */
package org.cbec.broker.rest.merchant;
