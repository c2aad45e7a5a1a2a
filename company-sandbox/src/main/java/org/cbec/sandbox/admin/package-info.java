/**
 * The sandbox's own admin API, for run scripts and tests, behind HTTP Basic (user {@code admin},
 * password {@code sandbox.admin.password}, its own; failed logins throttled by {@link AdminLogins}): opening accounts (the credentials a merchant registers with the
 * broker) and the test helpers of an account (the payer pays, at a time of its choosing or directly at the company, faults, customs decisions,
 * differences in the daily bills, the request log, an order's state). Its answers and refusals are JSON {@code {"code","message","field"}}.
 */
package org.cbec.sandbox.admin;
