package org.cbec.customs;

import java.time.OffsetDateTime;
import org.cbec.customs.entity.DeclarationState;

/** A declaration as callers see it (spec 2.7 and 2.8). */
public record DeclarationView(String paymentMethod, String orderNo, String subOrderNo, String subOrderId, String customs,
        String mchCustomsNo, String transactionId, DeclarationState state, String explanation, OffsetDateTime modifyTime, Long duty,
        String feeType, Long orderFee, Long transportFee, Long productFee, String certType, String certCheckResult,
        String verifyDepartment, String verifyDepartmentTradeId, String customsMessage, String resultCode) {
}
