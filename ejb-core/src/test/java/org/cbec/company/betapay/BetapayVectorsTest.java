package org.cbec.company.betapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.cbec.company.KnownKeys;
import org.cbec.testing.BetapayCompanySide;
import org.junit.jupiter.api.Test;

/**
 * Known answers for every text betapay's protocol signs (docs/companies/betapay.md): written out,
 * the signatures made with OpenSSL from {@link KnownKeys}.
 * company-sandbox's {@code BetapayProtocolVectorsTest} checks the same vectors on the company's side.
 */
class BetapayVectorsTest {

    static final String BIZ = "{\"out_trade_no\":\"kat0002\",\"total_amount\":\"25.99\",\"trans_currency\":\"CNY\",\"subject\":\"测试订单\"}";
    static final String REQUEST_TEXT = "app_id=betapay-app-2000000001&biz_content=" + BIZ + "&charset=utf-8&format=JSON"
            + "&method=betapay.trade.precreate&sign_type=RSA2&timestamp=2023-11-15 06:13:20&version=1.0";
    static final String REQUEST_SIGNATURE = "lVXnkhx8mnxIerctOWp2ilKhXuCJNvxCiwu1AcBhyZ3Ow0+EupVe1AFNd2AHuFF6SQjI0KqkyjiFQHk03qDe9SPz6kHpdoNwB0aw8RHDuajzwRB0gtHL2la/PZcUHDAS++tWBjJd2Uc/2153psaqIbN6Ebnq8H0TTsLiSj1ubw1KYjQt3qNIo/7SJvhjzJunYm2NGYqViPCZgxVe3YS9qLx7IqcuE6uFcthBHw5kiyzJitavC6DzrJ6fEf97afYO5PuzNfACrFaG82aFv2bi+4PdY6aqCFohKFiTz7LjVZJ0x9irLeXLIuezIUWdAkut9Oo1zfnLlCtBoHoFzkE0Yg==";
    static final String NODE = "{\"code\":\"10000\",\"msg\":\"Success\",\"out_trade_no\":\"kat0002\",\"qr_code\":\"betapay://qr/2023111422001400000001\"}";
    static final String NODE_SIGNATURE = "YAZqZdviRGwUwxpI8EGwmd68DNYGU++QS/bddwEBztKqNttIiO1dOoOlKMEIcHh0BlTfXIwFEbWD/R2kSk4KiaYpfCeb9FHgqxZb5WGmD9f+gK25hyX/0dm/O4a379mOdYsc74el/nyqNTkKB5YBqOXl8T5pw1Ob4CAAiCy/bthwa0rFZvMAlw2MY337jXcrBjznWfo8zXL4TOHSN/GMW3RUenDMO6SamG4hNv85M1A3l1dvtLjgs0Wo9hJU7rF8x4RoJfzSGOdytE+klpW6cYf9E4J3tk821LJJH5PRO4qqfldAX+v4FFsjt1ypmamImqpYtm2JKcyjXlFi09Vw6w==";
    static final String INVOCATION_TEXT = "app_id=betapay-app-2000000001&method=betapay.trade.pay&nonce_str=5K8264ILTKCH16CQ2502SI8ZNMTM67VS"
            + "&sign_type=RSA2&timestamp=2023-11-15 06:13:20&trade_no=2023111422001400000001";
    static final String INVOCATION_SIGNATURE = "bHVF6elmXQ6kBqtQ00qDJzyMPy3kyrU1dhlSsspNIw+BULauEfUJqA4R2SiZQ+vKI78nq/iio6EogyeuNlX61YiB0bJPa/0Y0mnuX123A5LC7HuPFe7r9cbR7YnmLzb26ZRglk5eRyw5juyqfpEyldnn5Csjtl871iwd+RonND6UJ8TBTO4iGJQwOPcNNWMoDzNb7el5mhdMqLhpCFGRiXGARU4qM80lSNut5/MQ/Cxq3eH6O3wjzCnF8ovouHxTZyxgIpT6fbjw/K762FneDnkDiozP8naamJkyoKxOW1rKbqf6NIeMuHsKjZaLUYna5TjmbXRe+8bdgPlTLl2EuA==";

    /** The parameters as the broker puts them together, in its order, with an empty one that is not signed. */
    private static Map<String, String> request() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("app_id", "betapay-app-2000000001");
        p.put("method", "betapay.trade.precreate");
        p.put("format", "JSON");
        p.put("charset", "utf-8");
        p.put("sign_type", "RSA2");
        p.put("timestamp", BetapayForm.timestamp(Instant.ofEpochSecond(1700000000L)));
        p.put("version", "1.0");
        p.put("notify_url", "");
        p.put("biz_content", BIZ);
        return p;
    }

    @Test
    void theRequestSignsTheSortedTextAndCarriesTheKnownSignature() {
        assertEquals("2023-11-15 06:13:20", BetapayForm.timestamp(Instant.ofEpochSecond(1700000000L)), "Beijing time");
        assertEquals(REQUEST_TEXT, BetapaySigning.signContent(request()));
        assertEquals(REQUEST_SIGNATURE, BetapaySigning.sign(request(), KnownKeys.merchantPrivate()));
        Map<String, String> signed = request();
        signed.put("sign", REQUEST_SIGNATURE);
        assertTrue(BetapayCompanySide.verifyRequest(signed, KnownKeys.merchantPublic()));
    }

    @Test
    void theCompanysResponseNodeSignatureIsKnownAndTheNodeIsCutOutVerbatim() {
        String body = "{\"betapay_trade_precreate_response\":" + NODE + ",\"sign\":\"" + NODE_SIGNATURE + "\"}";
        assertEquals(body, BetapayCompanySide.signedResponse("betapay.trade.precreate", NODE, KnownKeys.companyPrivate()));
        assertEquals(Optional.of(NODE), BetapaySigning.verifiedNode(body, "betapay.trade.precreate", KnownKeys.companyPublic()));
        assertEquals(Optional.empty(), BetapaySigning.verifiedNode(body.replace("kat0002", "kat0003"), "betapay.trade.precreate",
                KnownKeys.companyPublic()));
    }

    @Test
    void theWalletInvocationSignatureIsKnown() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("app_id", "betapay-app-2000000001");
        p.put("method", "betapay.trade.pay");
        p.put("trade_no", "2023111422001400000001");
        p.put("timestamp", "2023-11-15 06:13:20");
        p.put("nonce_str", "5K8264ILTKCH16CQ2502SI8ZNMTM67VS");
        p.put("sign_type", "RSA2");
        assertEquals(INVOCATION_TEXT, BetapaySigning.signContent(p));
        assertEquals(INVOCATION_SIGNATURE, BetapaySigning.sign(p, KnownKeys.merchantPrivate()));
    }

    @Test
    void theStoredAnswerKeepsTheNodeAndLosesTheSignature() {
        String body = "{\"betapay_trade_precreate_response\":" + NODE + ",\"sign\":\"" + NODE_SIGNATURE + "\"}";
        String stored = BetapaySigning.withoutSign(body);
        assertTrue(stored.contains("\"qr_code\":\"betapay://qr/2023111422001400000001\""), stored);
        assertTrue(!stored.contains(NODE_SIGNATURE) && !stored.contains("\"sign\""), stored);
        assertEquals("not json", BetapaySigning.withoutSign("not json"));
    }

    @Test
    void amountsAreYuanWithTwoDecimals() {
        assertEquals("25.99", BetapayMoney.yuan(2599));
        assertEquals(2599, BetapayMoney.fen("25.99"));
    }
}
