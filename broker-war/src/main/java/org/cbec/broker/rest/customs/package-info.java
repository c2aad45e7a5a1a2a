/** The customs operations of spec 4.5 to 4.8 at {@code {base_url}/customs}. */
package org.cbec.broker.rest.customs;
