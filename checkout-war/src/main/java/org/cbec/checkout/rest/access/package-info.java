/** Who may call which checkout path: x-ca-key per enterprise or platform merchant, Basic for admin. */
package org.cbec.checkout.rest.access;
