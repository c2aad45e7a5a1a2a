/**
 * The dispatcher's stored requests: every request that moves money through a company (a payment's
 * create and close, a refund, a split, a release, a payout) as one row with its kind, the business
 * object it serves, its number at the company, its attempts and its next attempt, moved only by
 * {@link org.cbec.dispatch.entity.RequestState}'s table.
 */
package org.cbec.dispatch.entity;
