/** Small rules for writing rows that every business component shares (an insert that may meet its duplicate). */
package org.cbec.platform.persistence;
