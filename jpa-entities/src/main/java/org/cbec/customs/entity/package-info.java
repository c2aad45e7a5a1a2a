/**
 * Customs declarations of paid orders, per sub-order and customs office, with the state the
 * company last reported. A declaration belongs to a payment in state SUCCESS.
 */
package org.cbec.customs.entity;
