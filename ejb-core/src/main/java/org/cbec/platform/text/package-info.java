/** Rules for free text and URLs that callers send. */
package org.cbec.platform.text;
