/** Rules for free text that callers send. */
package org.cbec.platform.text;
