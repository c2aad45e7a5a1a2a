package org.cbec.company.alphapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.OffsetDateTime;
import org.cbec.company.Json;
import org.cbec.company.RefundStatus;
import org.cbec.payment.entity.RefundState;
import org.junit.jupiter.api.Test;

/** alphapay's refund record as docs/companies/alphapay.md ("Refunds") writes it, read into the broker's terms. */
class AlphapayRefundRecordTest {

    @Test
    void aSuccessfulRefundOfAGbpOrderGivesThePayerCnyAndTheSettlementGbp() {
        RefundStatus s = AlphapayCompany.refundStatus(Json.object("""
                {"refund_id":"50000000000000000000000000001","out_refund_no":"o-1-1","transaction_id":"4200000001",
                 "out_trade_no":"o-1","channel":"ORIGINAL","create_time":"2026-11-25T10:00:00+08:00","status":"SUCCESS",
                 "success_time":"2026-11-25T10:00:02+08:00","funds_account":"AVAILABLE",
                 "amount":{"total":1234,"refund":234,"payer_total":11106,"payer_refund":2106,"settlement_total":1234,
                           "settlement_refund":234,"discount_refund":0,"currency":"GBP","payer_currency":"CNY"}}"""));
        assertEquals(RefundState.SUCCESS, s.state());
        assertEquals("50000000000000000000000000001", s.refundId());
        assertEquals(11106L, s.payerTotal());
        assertEquals(2106L, s.payerRefund());
        assertEquals("CNY", s.payerCurrency());
        assertEquals(1234L, s.settlementTotal());
        assertEquals(234L, s.settlementAmount());
        assertEquals(OffsetDateTime.parse("2026-11-25T02:00:02Z").toInstant(), s.successTime().toInstant());
    }

    @Test
    void aProcessingRefundHasNoSuccessTimeAndUnknownStatusesAreNotFinal() {
        RefundStatus s = AlphapayCompany.refundStatus(Json.object("""
                {"refund_id":"5001","status":"PROCESSING","amount":{"total":100,"refund":100,"payer_total":100,"payer_refund":100,
                 "settlement_total":100,"settlement_refund":100,"currency":"CNY","payer_currency":"CNY"}}"""));
        assertEquals(RefundState.PROCESSING, s.state());
        assertNull(s.successTime());
        assertEquals(RefundState.ABNORMAL, AlphapayCompany.refundState("ABNORMAL"));
        assertEquals(RefundState.CLOSED, AlphapayCompany.refundState("CLOSED"));
        assertEquals(RefundState.UNKNOWN, AlphapayCompany.refundState("SOMETHING_NEW"));
        assertEquals(RefundState.UNKNOWN, AlphapayCompany.refundState(null));
    }
}
