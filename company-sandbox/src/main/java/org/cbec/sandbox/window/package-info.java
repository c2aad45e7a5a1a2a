/**
 * The customs single window's side of its protocol (docs/companies/single-window.md), written from
 * that document on the window's side: an order message (CEB311) is read only once its enveloped
 * XML signature holds under the key the transmitting enterprise registered, named by its serial,
 * and only a signature of the whole message in the one shape the document gives is taken
 * (OrderMessages). The broker's adapter is a separate implementation; the two agree through the
 * written-out vectors of docs/companies/vectors/window, read by OrderMessagesTest here and by the
 * broker's WindowVectorsTest.
 */
package org.cbec.sandbox.window;
