/** Time: how times are written for clients and merchants (Beijing time, ISO 8601, with seconds), and when what failed is tried again. */
package org.cbec.platform.time;
