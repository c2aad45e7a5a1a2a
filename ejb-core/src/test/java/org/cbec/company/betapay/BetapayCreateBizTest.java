package org.cbec.company.betapay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.cbec.company.OrderRequest;
import org.cbec.company.PaymentType;
import org.junit.jupiter.api.Test;

/**
 * The create's biz_content as betapay gets it (docs/companies/betapay.md), written out member by
 * member; its signature is {@link BetapayVectorsTest}'s business.
 */
class BetapayCreateBizTest {

    private static OrderRequest order(String currency, boolean held) {
        return new OrderRequest("kat0002", PaymentType.NATIVE, 2599, currency, "测试订单", "a-1", null, null, null, null, null, null,
                null, held);
    }

    @Test
    void aHeldOrderFreezesItsMoneyForRoyaltiesAsAStringFlag() {
        assertEquals("{\"out_trade_no\":\"kat0002\",\"total_amount\":\"25.99\",\"trans_currency\":\"CNY\",\"subject\":\"测试订单\","
                + "\"passback_params\":\"a-1\",\"extend_params\":{\"royalty_freeze\":\"true\"}}",
                BetapayCompany.createBiz(order("CNY", true)));
    }

    @Test
    void anOrderNotHeldSaysSoExplicitly() {
        assertEquals("{\"out_trade_no\":\"kat0002\",\"total_amount\":\"25.99\",\"trans_currency\":\"GBP\",\"subject\":\"测试订单\","
                + "\"passback_params\":\"a-1\",\"extend_params\":{\"royalty_freeze\":\"false\"}}",
                BetapayCompany.createBiz(order("GBP", false)));
    }
}
