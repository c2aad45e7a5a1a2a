/** The companies' callbacks at {@code /broker/notify/{paymentMethod}/{merchant}}: no API key, the company's signature is the credential. */
package org.cbec.broker.rest.notify;
