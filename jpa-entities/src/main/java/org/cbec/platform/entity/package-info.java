/** Records of the platform itself rather than of a business: the leases of cluster-wide jobs. */
package org.cbec.platform.entity;
