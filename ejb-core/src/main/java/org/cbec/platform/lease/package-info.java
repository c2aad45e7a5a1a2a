/** Which node of a cluster runs a scheduled job. */
package org.cbec.platform.lease;
