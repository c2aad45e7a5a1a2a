package org.cbec.sandbox.books;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CompaniesTest {

    @Test
    void numbersLookLikeEachCompanysOwn() {
        assertTrue(Companies.newCompanyMerchantId("alphapay").matches("19[0-9]{8}"));
        assertTrue(Companies.newCompanyMerchantId("betapay").matches("20[0-9]{8}"));
        assertEquals("alphapay-app-1900000001", Companies.appId("alphapay", "1900000001"));
        assertTrue(Companies.newKeySerial().matches("[0-9A-F]{16}"));
        assertTrue(Companies.newReference("alphapay").matches("wx[0-9a-f]{32}"));
        assertTrue(Companies.newReference("betapay").matches("20[0-9a-f]{30}"));
        assertTrue(Companies.transactionId("alphapay", "wx0").matches("4200[0-9]{24}"));
        assertEquals("20abc", Companies.transactionId("betapay", "20abc"));
        assertEquals("SANDBOX-ALPHAPAY-1", Companies.companyKeySerial("alphapay"));
        assertTrue(Companies.newRefundId("alphapay").matches("50[0-9]{27}"));
        assertTrue(Companies.newRefundId("betapay").matches("21[0-9a-f]{30}"));
    }
}
