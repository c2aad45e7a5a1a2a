/**
 * The sandbox's schema: Flyway migrations from {@code classpath:db/sandbox} (not
 * {@code db/migration}, which is the broker's) applied at startup on {@code jdbc/sandbox}, history
 * in {@code sandbox_schema_history}, in the schema {@code sandbox} on PostgreSQL.
 */
package org.cbec.sandbox.schema;
