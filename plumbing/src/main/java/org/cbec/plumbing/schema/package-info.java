/**
 * A schema brought to its newest version by Flyway, from one location, with one history table
 * ({@link org.cbec.plumbing.schema.SchemaMigration}). The startup bean that runs it, with its data
 * source and what a failure means, is each application's own.
 */
package org.cbec.plumbing.schema;
