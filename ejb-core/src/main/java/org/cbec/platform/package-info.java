/**
 * What every business component stands on: the database schema and its migrations, readiness,
 * and the business exception family that the web modules turn into response envelopes.
 */
package org.cbec.platform;
