package org.cbec.sandbox.betapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import org.cbec.plumbing.crypto.Pem;
import org.cbec.plumbing.crypto.Rsa;
import org.junit.jupiter.api.Test;

/**
 * The written-out betapay vectors (keys, texts and signatures made with OpenSSL; the broker's
 * BetapayVectorsTest checks the same ones): the company's sorted {@code name=value} text of a
 * request decoded from its form, and the signed node of an answer.
 */
class BetapayProtocolVectorsTest {

    static final String MERCHANT_PUBLIC = """
            -----BEGIN PUBLIC KEY-----
            MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqqd/pfEQVe8mBWXMYuji
            DgiIwdfKWYYkvAm0QYG5qQsuireCQqB/AC8h4dT+4PLZycoZVJjl46AzZfh5BxUO
            pNgznohKVBQEtXwyHp12OUBvbeL89BOX6BTZl3ILNqpFpYPYcKifb41HR1RJNdzC
            jGsoHy/0gRyUp4WvlNtP34Z8A3Lx7xxK+8F6qfnxvZwOl7egA/SThXF4AWydpHOx
            TryKjmpU2SWPW8MJJ8kJ/dhBoZNh0gjNIs368o2oafZ0yW/pOpVIgWWo4+hsG4JB
            xMQj0AKo2IJ0y7tf6ag5gWpG70tmbiQ/QYCW462hKbT+d139A74qqrcZVDHQDWtL
            iQIDAQAB
            -----END PUBLIC KEY-----
            """;

    static final String COMPANY_PRIVATE = """
            -----BEGIN PRIVATE KEY-----
            MIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQCTAktcb7yAs7Fd
            dioL4Ne4dgGtB91QRaZrk/Is3J2Q9DXUSfAByhBybHxyRS1HjPCOd1EJCEl5X3pI
            WIeOJplWtjXRLo726LF3agj1MOdfvPYxZ9GC7KtlPK1xhWKZwIRoVU3FBYXOxU9X
            XQAV9bdVj2zV5SYGnpr+JBIH/LauO42OcPhpeHBvhwualFQe4rycTFieJzW2P9z/
            Kp/0rutnRPJnTcDbGC3VuEXKK09UMO9ojakiHcFPK+YZlJBIj983ErvnEeFXXQHE
            D3ZexFNhOToawOsdbb8Bhbm6822F+tNA4OVabrktfdBzYLKl61ibZkeNskq/idJ4
            VlgGIOE9AgMBAAECggEABKXGK+8N9PQZXDJgd4+9RZZPepw8yi0zPSh/CgtBnPq5
            x+6qCkGVlL2hoWlW0SiWMQf5/owks1031SJUOMPJjuBoT6b9DbaenxqWUo3N2RFi
            p5CO2cQWCTePC3ZTY7eekSRD0lQ0HjX0CoDXJL8n84V7BApASPgTLWd0dFWwNc5d
            Qy4p5taKw3NQOzC7t2x5unw1bMB/DyhIq5T1ExcEjWlND0aJ7QGvAYhY8PQcwwbk
            HLmqJj/P6amK45wpTbW3dzu8FDmAx/scG7HfIuwH5gmyk4hrzpJGI/2+wYMWV5QQ
            9Lm2BeDLigP5fViG02WBvQjQDH4tyYHSfbeRYxjLSQKBgQDHKRF7VeIEngszns7j
            Z9bjLPBugEgmetaJtjDsjw6HWCmLVW/FPHef5e5k1qccz3FZi/CViuHpB9vwhiQ7
            q/3sK5FuPmME1x69gUos9YjwlHGGJtdG+bFjp9hJ9sp9FZj5Bk9SgbGOPRZSWJI2
            QRiHSnTjbAdDs8xY0U1rlvYrhQKBgQC89vgoNHBkbqQEeRBgdf7X+q3U6eKPZE1d
            c3s9yjfdZddWtNwJ10YoFsNPsExhMFWpMXEnWmUP/k25dqk8SDZjdD2D1eU0TNIw
            w0GgCI7C9azGb58cbdxioAk+zigZ5Pv4RTocrsuv8Bte/72oBh5zHYlJh1eC8Xhu
            xSLZYsjAWQKBgFsxwfCAxeqpV6W+bSuR68LAXCOtF9yO2NfcFhDr/JIa24MSjwh4
            hKoyBfQkmgbGMjf3rSU8n+8tixdaxRKR0canuIMLjBm2SzwpDIcDsz2+KzFrbZ3x
            Tbm9LHvJxrR6BD7bFc1I172y2RrBtcmkCxBAFr/gQn9MwCBXTqUaTgRlAoGAJaIZ
            8gffimDukWV6+XsGcgUesZSS5nPXZJEnLjsjvRgXNtF2MQ+KjVlbNHer/n8d0EBk
            hK3gCrtex1z2f2byTgRMbAEhULUr90Irw69wnytGaY65ZXQLvCibLsLoAaA0/lDr
            LeMx9awgB19vahMt5UcwnFA0AYQNtCHWuuyNhqECgYBm4gcCuj3KT+ov/sqCUfQL
            fukTTGRMrbWnWzofFXQD7d49H9zZ6Jb5vXVclzWnizZaaNLuF4ybsqd7nIVEgoyo
            Y5/buwWnMPCLMi4of0cYp+PcnqxNKvsYYfPhKNrq+79i7QfHpOTkUtobTxvtY+iR
            Nni4IWXW+OefPeNDARUbRw==
            -----END PRIVATE KEY-----
            """;

    static final String COMPANY_PUBLIC = """
            -----BEGIN PUBLIC KEY-----
            MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAkwJLXG+8gLOxXXYqC+DX
            uHYBrQfdUEWma5PyLNydkPQ11EnwAcoQcmx8ckUtR4zwjndRCQhJeV96SFiHjiaZ
            VrY10S6O9uixd2oI9TDnX7z2MWfRguyrZTytcYVimcCEaFVNxQWFzsVPV10AFfW3
            VY9s1eUmBp6a/iQSB/y2rjuNjnD4aXhwb4cLmpRUHuK8nExYnic1tj/c/yqf9K7r
            Z0TyZ03A2xgt1bhFyitPVDDvaI2pIh3BTyvmGZSQSI/fNxK75xHhV10BxA92XsRT
            YTk6GsDrHW2/AYW5uvNthfrTQODlWm65LX3Qc2CypetYm2ZHjbJKv4nSeFZYBiDh
            PQIDAQAB
            -----END PUBLIC KEY-----
            """;

    // b_req
    static final String BIZ = "{\"out_trade_no\":\"kat0002\",\"total_amount\":\"25.99\",\"trans_currency\":\"CNY\",\"subject\":\"测试订单\"}";
    static final String REQ_TEXT = "app_id=betapay-app-2000000001&biz_content={\"out_trade_no\":\"kat0002\",\"total_amount\":\"25.99\","
            + "\"trans_currency\":\"CNY\",\"subject\":\"测试订单\"}&charset=utf-8&format=JSON&method=betapay.trade.precreate"
            + "&sign_type=RSA2&timestamp=2023-11-15 06:13:20&version=1.0";
    static final String REQ_SIGNATURE = "lVXnkhx8mnxIerctOWp2ilKhXuCJNvxCiwu1AcBhyZ3Ow0+EupVe1AFNd2AHuFF6SQjI0KqkyjiFQHk03qDe9SPz6kHp"
            + "doNwB0aw8RHDuajzwRB0gtHL2la/PZcUHDAS++tWBjJd2Uc/2153psaqIbN6Ebnq8H0TTsLiSj1ubw1KYjQt3qNIo/7SJvhjzJunYm2NGYqViPCZg"
            + "xVe3YS9qLx7IqcuE6uFcthBHw5kiyzJitavC6DzrJ6fEf97afYO5PuzNfACrFaG82aFv2bi+4PdY6aqCFohKFiTz7LjVZJ0x9irLeXLIuezIUWdAk"
            + "ut9Oo1zfnLlCtBoHoFzkE0Yg==";

    // b_node
    static final String NODE = "{\"code\":\"10000\",\"msg\":\"Success\",\"out_trade_no\":\"kat0002\","
            + "\"qr_code\":\"betapay://qr/2023111422001400000001\"}";
    static final String NODE_SIGNATURE = "YAZqZdviRGwUwxpI8EGwmd68DNYGU++QS/bddwEBztKqNttIiO1dOoOlKMEIcHh0BlTfXIwFEbWD/R2kSk4KiaYp"
            + "fCeb9FHgqxZb5WGmD9f+gK25hyX/0dm/O4a379mOdYsc74el/nyqNTkKB5YBqOXl8T5pw1Ob4CAAiCy/bthwa0rFZvMAlw2MY337jXcrBjznWfo8z"
            + "XL4TOHSN/GMW3RUenDMO6SamG4hNv85M1A3l1dvtLjgs0Wo9hJU7rF8x4RoJfzSGOdytE+klpW6cYf9E4J3tk821LJJH5PRO4qqfldAX+v4FFsjt1"
            + "ypmamImqpYtm2JKcyjXlFi09Vw6w==";

    // b_inv: the wallet invocation, signed with the merchant's key by the request rule.
    static final String INVOCATION_TEXT = "app_id=betapay-app-2000000001&method=betapay.trade.pay"
            + "&nonce_str=5K8264ILTKCH16CQ2502SI8ZNMTM67VS&sign_type=RSA2&timestamp=2023-11-15 06:13:20"
            + "&trade_no=2023111422001400000001";
    static final String INVOCATION_SIGNATURE = "bHVF6elmXQ6kBqtQ00qDJzyMPy3kyrU1dhlSsspNIw+BULauEfUJqA4R2SiZQ+vKI78nq/iio6EogyeuNl"
            + "X61YiB0bJPa/0Y0mnuX123A5LC7HuPFe7r9cbR7YnmLzb26ZRglk5eRyw5juyqfpEyldnn5Csjtl871iwd+RonND6UJ8TBTO4iGJQwOPcNNWMoDzN"
            + "b7el5mhdMqLhpCFGRiXGARU4qM80lSNut5/MQ/Cxq3eH6O3wjzCnF8ovouHxTZyxgIpT6fbjw/K762FneDnkDiozP8naamJkyoKxOW1rKbqf6NIeM"
            + "uHsKjZaLUYna5TjmbXRe+8bdgPlTLl2EuA==";

    static final PublicKey MERCHANT_KEY = Pem.publicKey(MERCHANT_PUBLIC);
    static final PrivateKey COMPANY_KEY = Pem.privateKey(COMPANY_PRIVATE);

    /** The vector's parameters as a merchant posts them: form-encoded, in no particular order, signed. */
    static String form(Map<String, String> overrides) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("method", "betapay.trade.precreate");
        params.put("app_id", "betapay-app-2000000001");
        params.put("version", "1.0");
        params.put("timestamp", "2023-11-15 06:13:20");
        params.put("format", "JSON");
        params.put("sign_type", "RSA2");
        params.put("charset", "utf-8");
        params.put("biz_content", BIZ);
        params.put("sign", REQ_SIGNATURE);
        params.putAll(overrides);
        StringJoiner body = new StringJoiner("&");
        params.forEach((k, v) -> body.add(URLEncoder.encode(k, StandardCharsets.UTF_8) + "=" + URLEncoder.encode(v, StandardCharsets.UTF_8)));
        return body.toString();
    }

    @Test
    void companyBuildsTheRequestTextOfTheVectorFromTheDecodedForm() {
        Map<String, String> params = GatewayForm.decode(form(Map.of()));
        assertEquals(REQ_TEXT, SignContent.of(params));
    }

    @Test
    void theVectorsRequestSignatureVerifiesOverTheCompanyBuiltText() {
        Map<String, String> params = GatewayForm.decode(form(Map.of()));
        assertTrue(Rsa.verify(MERCHANT_KEY, SignContent.of(params), params.get("sign")));
    }

    @Test
    void emptyParametersAreLeftOutOfTheSignedText() {
        Map<String, String> params = GatewayForm.decode(form(Map.of("notify_url", "")));
        assertEquals(REQ_TEXT, SignContent.of(params));
        assertTrue(Rsa.verify(MERCHANT_KEY, SignContent.of(params), REQ_SIGNATURE));
    }

    @Test
    void aChangedValueDoesNotVerify() {
        Map<String, String> params = GatewayForm.decode(form(Map.of("biz_content", BIZ.replace("25.99", "25.98"))));
        assertFalse(Rsa.verify(MERCHANT_KEY, SignContent.of(params), REQ_SIGNATURE));
    }

    @Test
    void anAddedParameterDoesNotVerify() {
        Map<String, String> params = GatewayForm.decode(form(Map.of("notify_url", "https://merchant.example/notify")));
        assertFalse(Rsa.verify(MERCHANT_KEY, SignContent.of(params), REQ_SIGNATURE));
    }

    @Test
    void theUrlEncodedTextIsNotWhatIsSigned() {
        String encoded = REQ_TEXT.replace(" ", "+");
        assertFalse(Rsa.verify(MERCHANT_KEY, encoded, REQ_SIGNATURE));
    }

    @Test
    void theCompanyWritesTheVectorsNode() {
        String node = BetapayNode.success().add("out_trade_no", "kat0002")
                .add("qr_code", "betapay://qr/2023111422001400000001").build().toString();
        assertEquals(NODE, node);
    }

    @Test
    void signingTheVectorsNodeGivesExactlyItsSignature() {
        assertEquals(NODE_SIGNATURE, Rsa.sign(COMPANY_KEY, NODE));
        assertTrue(Rsa.verify(Pem.publicKey(COMPANY_PUBLIC), NODE, NODE_SIGNATURE));
    }

    @Test
    void theAnswerBodyCarriesTheNodeVerbatimUnderTheMethodsKey() {
        String body = BetapaySigner.body(BetapaySigner.responseKey("betapay.trade.precreate"), NODE, NODE_SIGNATURE);
        assertEquals("{\"betapay_trade_precreate_response\":" + NODE + ",\"sign\":\"" + NODE_SIGNATURE + "\"}", body);
    }

    @Test
    void theWalletInvocationVectorIsTheRequestRulesText() {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("trade_no", "2023111422001400000001");
        params.put("timestamp", "2023-11-15 06:13:20");
        params.put("sign_type", "RSA2");
        params.put("nonce_str", "5K8264ILTKCH16CQ2502SI8ZNMTM67VS");
        params.put("method", "betapay.trade.pay");
        params.put("app_id", "betapay-app-2000000001");
        assertEquals(INVOCATION_TEXT, SignContent.of(params));
        assertTrue(Rsa.verify(MERCHANT_KEY, INVOCATION_TEXT, INVOCATION_SIGNATURE));
    }
}
