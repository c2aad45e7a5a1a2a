package org.cbec.company;

import java.time.OffsetDateTime;
import org.cbec.customs.entity.DeclarationState;

/**
 * A company's report on one declaration; {@code customsMessage} is the company's original answer,
 * which spec 2.8 returns to the merchant as it came.
 */
public record CustomsRecord(DeclarationState state, String subOrderNo, String subOrderId, String explanation,
        OffsetDateTime modifyTime, String certCheckResult, String verifyDepartment, String verifyDepartmentTradeId,
        String resultCode, String customsMessage) {
}
