/**
 * The operator's money requests needing attention at {@code /admin/attention}: listed, tried again,
 * settled with a note (docs/api/attention.md).
 */
package org.cbec.broker.rest.dispatch;
