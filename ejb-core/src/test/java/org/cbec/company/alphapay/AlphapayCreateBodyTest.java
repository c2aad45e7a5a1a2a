package org.cbec.company.alphapay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.cbec.company.CompanyAccount;
import org.cbec.company.KnownKeys;
import org.cbec.company.OrderRequest;
import org.cbec.company.PaymentType;
import org.junit.jupiter.api.Test;

/**
 * The create's body as alphapay gets it (docs/companies/alphapay.md), written out member by member;
 * its signature is {@link AlphapayVectorsTest}'s business.
 */
class AlphapayCreateBodyTest {

    private static final CompanyAccount ACCOUNT = new CompanyAccount("m", "1900000001", "alphapay-app-1900000001", "serial",
            KnownKeys.merchantPrivate(), KnownKeys.companyPublic(), null);

    private static OrderRequest order(String currency, boolean held) {
        return new OrderRequest("kat0001", PaymentType.NATIVE, 2599, currency, "测试订单", null, "https://broker.example/cb", null, null,
                null, "203.0.113.7", null, null, held);
    }

    @Test
    void aHeldOrderAsksTheCompanyToHoldItsMoneyForSettlement() {
        assertEquals("{\"appid\":\"alphapay-app-1900000001\",\"mchid\":\"1900000001\",\"description\":\"测试订单\",\"out_trade_no\":\"kat0001\","
                + "\"amount\":{\"total\":2599,\"currency\":\"CNY\"},\"notify_url\":\"https://broker.example/cb\","
                + "\"scene_info\":{\"payer_client_ip\":\"203.0.113.7\"},\"settle_info\":{\"profit_sharing\":true}}",
                AlphapayCompany.createBody(ACCOUNT, order("CNY", true)));
    }

    @Test
    void anOrderNotHeldSaysSoExplicitly() {
        assertEquals("{\"appid\":\"alphapay-app-1900000001\",\"mchid\":\"1900000001\",\"description\":\"测试订单\",\"out_trade_no\":\"kat0001\","
                + "\"amount\":{\"total\":2599,\"currency\":\"GBP\"},\"notify_url\":\"https://broker.example/cb\","
                + "\"scene_info\":{\"payer_client_ip\":\"203.0.113.7\"},\"settle_info\":{\"profit_sharing\":false}}",
                AlphapayCompany.createBody(ACCOUNT, order("GBP", false)));
    }
}
