/**
 * The rules for Chinese identity data shared by customs declarations and checkout carts.
 */
package org.cbec.platform.identity;
