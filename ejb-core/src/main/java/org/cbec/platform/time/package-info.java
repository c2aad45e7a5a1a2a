/** How times are written for clients and merchants: Beijing time, ISO 8601, with seconds. */
package org.cbec.platform.time;
