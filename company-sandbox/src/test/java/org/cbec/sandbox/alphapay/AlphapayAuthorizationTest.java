package org.cbec.sandbox.alphapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class AlphapayAuthorizationTest {

    static final String S = "ALPHAPAY2-SHA256-RSA2048 ";

    @Test
    void readsTheFiveParametersInAnyOrderWithSpacesAroundSeparators() {
        var auth = AlphapayAuthorization.parse(S + " signature = \"c2ln\" , serial_no=\"ABC\",timestamp= \"1700000000\""
                + " ,nonce_str =\"n0nce\",  mchid=\"1900000001\"  ").orElseThrow();
        assertEquals("1900000001", auth.mchid());
        assertEquals("n0nce", auth.nonce());
        assertEquals("1700000000", auth.timestamp());
        assertEquals("ABC", auth.serialNo());
        assertEquals("c2ln", auth.signature());
    }

    @Test
    void keepsTheTimestampAsWrittenForTheSignedText() {
        var auth = AlphapayAuthorization.parse(S + "mchid=\"1\",nonce_str=\"n\",timestamp=\"01700000000\",serial_no=\"s\",signature=\"x\"")
                .orElseThrow();
        assertEquals("01700000000", auth.timestamp());
        assertEquals(1_700_000_000L, auth.epochSecond());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "",
        "ALPHAPAY2-SHA256-RSA2048",
        "WECHATPAY2-SHA256-RSA2048 mchid=\"1\",nonce_str=\"n\",timestamp=\"1\",serial_no=\"s\",signature=\"x\"",
        "alphapay2-sha256-rsa2048 mchid=\"1\",nonce_str=\"n\",timestamp=\"1\",serial_no=\"s\",signature=\"x\"",
        "Basic YWRtaW46eA==",
        S + "mchid=\"1\",nonce_str=\"n\",timestamp=\"1\",serial_no=\"s\"",
        S + "mchid=\"1\",nonce_str=\"n\",timestamp=\"1\",serial_no=\"s\",signature=\"\"",
        S + "mchid=\"1\",mchid=\"1\",nonce_str=\"n\",timestamp=\"1\",serial_no=\"s\",signature=\"x\"",
        S + "mchid=\"1\",nonce_str=\"n\",timestamp=\"1\",serial_no=\"s\",signature=\"x\",extra=\"y\"",
        S + "mchid=\"1\",nonce_str=\"n\",timestamp=\"-1\",serial_no=\"s\",signature=\"x\"",
        S + "mchid=\"1\",nonce_str=\"n\",timestamp=\"1.5\",serial_no=\"s\",signature=\"x\"",
        S + "mchid=\"1\",nonce_str=\"n\",timestamp=\" 1\",serial_no=\"s\",signature=\"x\"",
        S + "mchid=\"1\",nonce_str=\"n\",timestamp=\"1234567890123456789\",serial_no=\"s\",signature=\"x\"",
        S + "mchid=1,nonce_str=\"n\",timestamp=\"1\",serial_no=\"s\",signature=\"x\"",
        S + "mchid=\"1\" nonce_str=\"n\",timestamp=\"1\",serial_no=\"s\",signature=\"x\"",
        S + "mchid=\"1\",nonce_str=\"n\",timestamp=\"1\",serial_no=\"s\",signature=\"x\",",
        S + "mchid=\"1\",nonce_str=\"n\",timestamp=\"1\",serial_no=\"s\",signature=\"x",
        S + ",mchid=\"1\",nonce_str=\"n\",timestamp=\"1\",serial_no=\"s\",signature=\"x\"",
        S + "mchid\t=\"1\",nonce_str=\"n\",timestamp=\"1\",serial_no=\"s\",signature=\"x\""
    })
    void refusesAnythingElse(String header) {
        assertTrue(AlphapayAuthorization.parse(header).isEmpty(), header);
    }

    @Test
    void refusesNoHeader() {
        assertTrue(AlphapayAuthorization.parse(null).isEmpty());
    }
}
