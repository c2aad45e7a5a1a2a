/**
 * The janitor's stored money requests: each refund, split, release and payout without the company's
 * final word as one row with its kind, the business object it serves, its number at the company,
 * its attempts and its next attempt, moved only by {@link org.cbec.dispatch.entity.RequestState}'s
 * table. (A payment's create and close keep their own schedule on the payment's row for now.)
 */
package org.cbec.dispatch.entity;
