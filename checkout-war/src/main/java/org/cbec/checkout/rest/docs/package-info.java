/** The service's own API document and its Swagger UI page. */
package org.cbec.checkout.rest.docs;
