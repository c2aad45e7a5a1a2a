/**
 * The request rules that concern one field, written as Bean Validation constraints on the typed
 * request records, and {@link org.cbec.platform.validation.RequestChecks#check} that runs them and
 * refuses the request as the hand-written checks did: an {@code InvalidRequestException} naming the
 * first failing field, in a fixed order. The domain constraints call the predicates of
 * {@code platform.identity} and {@code platform.text}, which the remaining code calls as well.
 * Rules that read several fields stay as code in each component's rules class.
 */
package org.cbec.platform.validation;
