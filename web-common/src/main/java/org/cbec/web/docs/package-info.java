/** A service's API document (YAML, served as JSON too) and Swagger UI, from its webjar, showing it. */
package org.cbec.web.docs;
