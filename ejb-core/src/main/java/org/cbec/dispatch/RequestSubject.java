package org.cbec.dispatch;

import org.cbec.dispatch.entity.RequestKind;

/**
 * One money request as the dispatcher knows it: its kind and its own row ({@code subjectId}), whose
 * it is and at which company, the merchant's reference and the number the company knows it by.
 */
public record RequestSubject(RequestKind kind, long subjectId, String merchant, String paymentMethod, String merchantRef,
        String companyNo) {
}
