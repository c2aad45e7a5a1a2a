/**
 * Records of the platform itself rather than of a business (the leases of cluster-wide jobs), and
 * the transition table every business lifecycle is written in ({@link org.cbec.platform.entity.Transitions}).
 */
package org.cbec.platform.entity;
