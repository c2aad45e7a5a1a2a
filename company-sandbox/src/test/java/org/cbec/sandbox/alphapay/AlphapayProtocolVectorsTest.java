package org.cbec.sandbox.alphapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.security.PublicKey;
import org.cbec.plumbing.crypto.Oaep;
import org.cbec.plumbing.crypto.Pem;
import org.cbec.plumbing.crypto.Rsa;
import org.junit.jupiter.api.Test;

/**
 * The written-out alphapay vectors (keys, texts and signatures made with OpenSSL; the broker's
 * AlphapayVectorsTest checks the same ones): if the company side's idea of a signed text changes
 * alone, a test here fails. PKCS#1 v1.5 signatures are deterministic, so answer signing must give
 * exactly the written signature.
 */
class AlphapayProtocolVectorsTest {

    static final String MERCHANT_PRIVATE = """
            -----BEGIN PRIVATE KEY-----
            MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQCqp3+l8RBV7yYF
            Zcxi6OIOCIjB18pZhiS8CbRBgbmpCy6Kt4JCoH8ALyHh1P7g8tnJyhlUmOXjoDNl
            +HkHFQ6k2DOeiEpUFAS1fDIenXY5QG9t4vz0E5foFNmXcgs2qkWlg9hwqJ9vjUdH
            VEk13MKMaygfL/SBHJSnha+U20/fhnwDcvHvHEr7wXqp+fG9nA6Xt6AD9JOFcXgB
            bJ2kc7FOvIqOalTZJY9bwwknyQn92EGhk2HSCM0izfryjahp9nTJb+k6lUiBZajj
            6GwbgkHExCPQAqjYgnTLu1/pqDmBakbvS2ZuJD9BgJbjraEptP53Xf0DviqqtxlU
            MdANa0uJAgMBAAECggEAGfv4v5DLOXfOqhS8KwqlskL8u8iP2tNw5XbJd7ijxzMD
            f639y1z6aXyZDp9VaHVh0aFlplAaSkSwKXnMx9YeIt3Ook1t7+EVGc3S0ymLq5+o
            N9Wk9BnFpVoDYFVw5/5uLgu7buVQqCDIC9AwI4o9JI9ZDm1JWp1k9HWybJp7eMps
            FKKbExNCD79o2Ico8GUWs5dztjlY1fzkTzBHOlvkA27hrMZe8FXnw8OW9yEL4kIG
            d4fOs2bLLddBBL6Ji+5M9SELtIfskQuXb8qlq9KUaKUnlJbAdm7B4Wj/yGzuojPE
            rHWEixfP2s5Ktxjw0HcLfv7xbgj+97EhikSjWuwA9wKBgQDgJ5mNWPCCJ8UCEt4t
            Y2ck8dv7JpbfJeA6zGsdpmXepu+rY9G+ezs6i8mhmVKEG+Aaqv9hsWsSQAD9l3f9
            mhetuMyJfH0Mw0yI8jmtrRadZDFGaHdp7eQKLKL133/wfXINFRpEZvHE++msHqRN
            JXuo81c3ikFPy+ShRVHRBhbHKwKBgQDC5h1bzc1qeK3UZVJmEBc4OgZVYhdhXU/+
            GYTxIgXGZJjly0SMBMMZWZVXs2elvebXtQLzDRoWUZYWu3MGOkZ+BCPiif76fdwo
            ZVjd9yw/qC6InXKq6X4w4L1AQDFQYz5hf93kqQHAvb3w5TULnkKhZVUn3i/hELv9
            Zzg0kmfeGwKBgQC2o616vSgidPMR8Hu1cdP+B09dgSDXK45bemog248PbufDt26U
            DObCmlms4TeZyvi74e56FEyQrzPfbMZpDWATvYpyz8s4Vf0LbIpQl8LgdV2s57u8
            xQfUvm/9dKFTO3Ntc29WoqaGAVhxVPo8nbj3fWboKy9yLEjampfCf3qZxwKBgGt8
            Gu7ZRhMU8ND0/AdbkmKo5XtLOJeyrX32NvIBEGxEaGo6utf5fFtLo2gVgfDPFTMb
            GcBPFnb+kaaBxELH+r5erCewcRVWOgdxNRxcx2Nn7hnbszR8xuJP3y9C969cvDdr
            HEWRy2yvd8QVtDZvFlIKH3d4OrGF2Bc9SKr9nxjHAoGBAI/ofk8XtjSdCNDIJGgZ
            8DXVomC2FT/MHeVuZyqDQ4qDno8Y4vaO8e7Sj0ma3V4Z1YeNuev1m+cZvzmo5Lid
            TMe1jjr/oj0VfzV4QeklouAvRbcDXYJCa9ye8WHTL4k3AHLFvbjDmqlKVcR+O93F
            z6/75m15Fq6kRD/bQWqRjkiS
            -----END PRIVATE KEY-----
            """;

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

    // a_req
    static final String REQ_PATH = "/sandbox/alphapay/v3/pay/transactions/native";
    static final String REQ_TIMESTAMP = "1700000000";
    static final String REQ_NONCE = "5K8264ILTKCH16CQ2502SI8ZNMTM67VS";
    static final String REQ_BODY = "{\"appid\":\"alphapay-app-1900000001\",\"mchid\":\"1900000001\",\"description\":\"测试订单\","
            + "\"out_trade_no\":\"kat0001\",\"amount\":{\"total\":2599,\"currency\":\"CNY\"}}";
    static final String REQ_TEXT = "POST\n/sandbox/alphapay/v3/pay/transactions/native\n1700000000\n5K8264ILTKCH16CQ2502SI8ZNMTM67VS\n"
            + "{\"appid\":\"alphapay-app-1900000001\",\"mchid\":\"1900000001\",\"description\":\"测试订单\","
            + "\"out_trade_no\":\"kat0001\",\"amount\":{\"total\":2599,\"currency\":\"CNY\"}}\n";
    static final String REQ_SIGNATURE = "HCp4Yum6tes/miCQ0HK38Mwnb7u0Fx8n4Ooa5Wt/LeAPzbLeCgtCV31v+UbGoPh9IXwyDHBPJ3NGNz/WF7EE9zEj"
            + "hXJo2/cf9ZPtKLpwWM626TxkrCU+9yLxq5NminF7GIjCnSwyIvKQveWvu2EiPzEywjf+EbWG8Ujcp9ei+haHaCxzl1Bn7XKw7cGWXnvcMy9khKO+S"
            + "Adk0Ookb/vmSY3fuYLUEZKo/dgqKUtGTuMf9/5efo3dxW8bMIoLdyx+53n+0bJn2FMq1lCbosnsCOh6ScNZaPOjwTIIwZV3/Sq/dGdApNvpF5BaBH"
            + "bG5fcUPFaHU2IO9G3xNxIVAiLOfw==";

    // a_get
    static final String GET_PATH = "/sandbox/alphapay/v3/pay/transactions/out-trade-no/kat0001?mchid=1900000001";
    static final String GET_TEXT = "GET\n/sandbox/alphapay/v3/pay/transactions/out-trade-no/kat0001?mchid=1900000001\n1700000000\n"
            + "5K8264ILTKCH16CQ2502SI8ZNMTM67VS\n\n";
    static final String GET_SIGNATURE = "b7FhJvvGL1od8KAvyOUU+O/dL3Vu/NtAuki9aYYM1lAS20RJpLIj6oLZ9eZ/tb48PsrKdwJCZ8+zYxniYnMy1Ufwa5"
            + "+ZE9cOH21+9RzWEbmc86FHRkdJwZNo/6ve0enNOYCnqoguxSi9Y0r2ayfIb7I/CIlbtcY/2rxObvCxQu+yezClbRS6+MgsvajPelrk6qLjolvftrz"
            + "OaCy5JQ/v2gQA8xxdM141Esr6d5fqbU86cSZsHtFV5ERj7SjjN0gAATyFahZOI1yqXHLjUaN6V2EYXnQkNocwQmiB4eTPkAwXsh7X+NPbOAlMPvrg"
            + "0ZBdK4VVOOXFliodaYzefldqGg==";

    // a_ans
    static final String ANS_TIMESTAMP = "1700000001";
    static final String ANS_NONCE = "QX1D9W3ZP0J7H2K4M6N8B5V7C1X3Z9L0";
    static final String ANS_BODY = "{\"code_url\":\"alphapay://pay/bizpayurl?pr=wx2023111414000000001\"}";
    static final String ANS_TEXT = "1700000001\nQX1D9W3ZP0J7H2K4M6N8B5V7C1X3Z9L0\n"
            + "{\"code_url\":\"alphapay://pay/bizpayurl?pr=wx2023111414000000001\"}\n";
    static final String ANS_SIGNATURE = "diEtyEuGisK9NBG/XatvTDYfLHl8wYwa2uliOg46bmeqwl88Mts9E2rI6lPQK5GOngL64PAG/7L5Z0ibqDXmV3Fu"
            + "Y+Rg5fl2Kt6WbSxjc/ml8dWvGendg3ntxUUiWYt9e4jgHNEG70t4vHwV6lO9PdngEWFCb1hWHzHXE/QQqcrm9v+58kAc4r7IMZ+LOxHJmEZjf1uyN"
            + "PLqqPSkRIFdGrRMdu9Zg2ek0MEX9MnGdBuQhbIXvhjKgnpRKMZyo5XvsS8tUJDTYfseCmSzdC5EvYsGFFYLJoICXMcCxnEWhRVx2Y8jNLE5tOxSgM"
            + "NxTZrXt49pqKnQ84Y2MHYUAOu9IQ==";

    // a_jsapi and a_app: the wallet invocations, signed with the merchant's key.
    static final String JSAPI_TEXT = "alphapay-app-1900000001\n1700000000\n5K8264ILTKCH16CQ2502SI8ZNMTM67VS\nprepay_id=wx2023111414000000001\n";
    static final String JSAPI_SIGNATURE = "gWHo/JLiO/t0OWgkXzDaOh6qWvOTQKDW8Mf2fFT8/UawFKS34R2CnowYj58GxhT1bdSQUxDidLlJDJ2KKIpB1WSbf"
            + "pNZQBFb0hneGrD2c6W4CeWPQ1TttRzQFq85LLhk1Ek0R2yrk5dNh61w0ZK78daqDAydR4j/RfabWq0DGVVo8V5WFpfrBQCPCI6CprVa9sPSp92h1Z"
            + "8XLiLwkBG3EuBODpSx6FlKICZc4L039Pr2wmltxc4mbp/PM0PSAEVnbNWrnK7Wi2ta90SilUCSkQqWkIjdqODWE0UcSVxCtBRLNTqKyjMRA+mOjDU"
            + "F7T+T337Mnm9AjAFMgnB1ELh5GA==";
    static final String APP_TEXT = "alphapay-app-1900000001\n1700000000\n5K8264ILTKCH16CQ2502SI8ZNMTM67VS\nwx2023111414000000001\n";
    static final String APP_SIGNATURE = "XfirFEGT/u4/Zcu3nx2fQ8MJ9czmtQOnzx+XEb50Oo9TabZhrc8jNNQRlXAbwj27t8BqE0VC92EQVU3zheCSHH7lH3"
            + "J+/XfWIbmG6BgCUnMOKUnH3v4uivd/fIhPE3sw0HlTFvnp9ODlm06cUkEcE0+3EetYsLf40VlIUbRixSuclzn0b5xVT/VBBeeGcnUbdwFuy15hS5k"
            + "mnLlJrYa/V17PBVghQWlgj4YG3usoQ7vXwvV22M5G3GzPBVckZLlmRKqENm1a/k1HdfkzkH2hGNKXvXsLMHt4IYKXptlflHbiYyX+L7QRuUj1MmL5"
            + "T65HyvW1xpdUyL4g0WiuVFiyUg==";

    // oaep: 11010519491231002X under the company's public key.
    static final String OAEP_CIPHERTEXT = "f1REEzFAXjlO0+V1H4MRR2dW8uzWRGxiHRLPxVQR4qxAt1fxwe13Ol9aXArOHmTpRSH4dJCpkT/Mi4/q8NwDkaa2y"
            + "TXaPrZ7UrqY3z2nSOWg96G677WsuBIV0txdoQqxT8AIpy6jIEQ1QhDLrMK0YB0I02kLfvflVlT3WSwZpP5ipju0E7ORFW3yGP9A34nyNTGm/gyp++"
            + "HXAbRKYUF3cfPvhrSOh76/nPehOrhYtsqmko2dBz93/P/OuXXFmjj3MSoHlPClRF8oFOTCFWX5iiXvlyPOHAuCio+8aaRsxEu9wMPAj4/auMIfGwi2"
            + "jmVX52NCIyo6dlOJr0KG+DUdVA==";

    /** The header a merchant sends with a_req (serial as an account's: 16 upper-case hex). */
    static final String REQ_AUTHORIZATION = "ALPHAPAY2-SHA256-RSA2048 mchid=\"1900000001\",nonce_str=\"5K8264ILTKCH16CQ2502SI8ZNMTM67VS\","
            + "timestamp=\"1700000000\",serial_no=\"5157F1A2B3C4D5E6\",signature=\"" + REQ_SIGNATURE + "\"";

    static final PublicKey MERCHANT_KEY = Pem.publicKey(MERCHANT_PUBLIC);
    static final PrivateKey COMPANY_KEY = Pem.privateKey(COMPANY_PRIVATE);

    @Test
    void companyBuildsTheCreateRequestTextOfTheVector() {
        String text = AlphapayTexts.request("POST", REQ_PATH, REQ_TIMESTAMP, REQ_NONCE, REQ_BODY);
        assertEquals(REQ_TEXT, text);
        assertTrue(text.endsWith("}\n"), "the last line ends with \\n too");
    }

    @Test
    void companyBuildsTheGetRequestTextOfTheVectorWithAnEmptyBody() {
        assertEquals(GET_TEXT, AlphapayTexts.request("GET", GET_PATH, REQ_TIMESTAMP, REQ_NONCE, ""));
        assertTrue(GET_TEXT.endsWith("\n\n"));
    }

    @Test
    void theVectorsRequestSignatureVerifiesOverTheCompanyBuiltBytes() {
        byte[] text = AlphapayTexts.request("POST", REQ_PATH, REQ_TIMESTAMP, REQ_NONCE, REQ_BODY.getBytes(StandardCharsets.UTF_8));
        assertTrue(Rsa.verify(MERCHANT_KEY, text, REQ_SIGNATURE));
    }

    @Test
    void theVectorsGetSignatureVerifiesOverTheCompanyBuiltText() {
        assertTrue(Rsa.verify(MERCHANT_KEY, AlphapayTexts.request("GET", GET_PATH, REQ_TIMESTAMP, REQ_NONCE, new byte[0]),
                GET_SIGNATURE));
    }

    @Test
    void theAuthorizationParserReadsTheVectorsHeaderAndItsPartsVerify() {
        AlphapayAuthorization auth = AlphapayAuthorization.parse(REQ_AUTHORIZATION).orElseThrow();
        assertEquals("1900000001", auth.mchid());
        assertEquals(REQ_NONCE, auth.nonce());
        assertEquals(REQ_TIMESTAMP, auth.timestamp());
        assertEquals(1_700_000_000L, auth.epochSecond());
        assertEquals("5157F1A2B3C4D5E6", auth.serialNo());
        assertEquals(REQ_SIGNATURE, auth.signature());
        assertTrue(Rsa.verify(MERCHANT_KEY, AlphapayTexts.request("POST", REQ_PATH, auth.timestamp(), auth.nonce(),
                REQ_BODY.getBytes(StandardCharsets.UTF_8)), auth.signature()));
    }

    @Test
    void aChangedBodyDoesNotVerify() {
        String changed = REQ_BODY.replace("2599", "2598");
        assertFalse(Rsa.verify(MERCHANT_KEY, AlphapayTexts.request("POST", REQ_PATH, REQ_TIMESTAMP, REQ_NONCE,
                changed.getBytes(StandardCharsets.UTF_8)), REQ_SIGNATURE));
    }

    @Test
    void aBodyWithAnotherSpacingDoesNotVerify() {
        String respaced = REQ_BODY.replace(",\"mchid\"", ", \"mchid\"");
        assertFalse(Rsa.verify(MERCHANT_KEY, AlphapayTexts.request("POST", REQ_PATH, REQ_TIMESTAMP, REQ_NONCE,
                respaced.getBytes(StandardCharsets.UTF_8)), REQ_SIGNATURE));
    }

    @Test
    void aPathWithoutTheContextRootDoesNotVerify() {
        assertFalse(Rsa.verify(MERCHANT_KEY, AlphapayTexts.request("POST", "/v3/pay/transactions/native", REQ_TIMESTAMP,
                REQ_NONCE, REQ_BODY.getBytes(StandardCharsets.UTF_8)), REQ_SIGNATURE));
    }

    @Test
    void aGetWithoutItsQueryStringDoesNotVerify() {
        assertFalse(Rsa.verify(MERCHANT_KEY, AlphapayTexts.request("GET", "/sandbox/alphapay/v3/pay/transactions/out-trade-no/kat0001",
                REQ_TIMESTAMP, REQ_NONCE, new byte[0]), GET_SIGNATURE));
    }

    @Test
    void anotherMethodOrTimestampOrNonceDoesNotVerify() {
        byte[] body = REQ_BODY.getBytes(StandardCharsets.UTF_8);
        assertFalse(Rsa.verify(MERCHANT_KEY, AlphapayTexts.request("PUT", REQ_PATH, REQ_TIMESTAMP, REQ_NONCE, body), REQ_SIGNATURE));
        assertFalse(Rsa.verify(MERCHANT_KEY, AlphapayTexts.request("POST", REQ_PATH, "1700000001", REQ_NONCE, body), REQ_SIGNATURE));
        assertFalse(Rsa.verify(MERCHANT_KEY, AlphapayTexts.request("POST", REQ_PATH, REQ_TIMESTAMP, REQ_NONCE.toLowerCase(), body),
                REQ_SIGNATURE));
    }

    @Test
    void theCompanysAnswerTextIsTheVectors() {
        assertEquals(ANS_TEXT, AlphapayTexts.answer(ANS_TIMESTAMP, ANS_NONCE, ANS_BODY));
    }

    @Test
    void signingTheVectorsAnswerGivesExactlyItsSignature() {
        assertEquals(ANS_SIGNATURE, AlphapaySigner.sign(COMPANY_KEY, AlphapayTexts.answer(ANS_TIMESTAMP, ANS_NONCE, ANS_BODY)));
    }

    @Test
    void theAnswersSignatureVerifiesWithTheCompanysPublicKey() {
        assertTrue(Rsa.verify(Pem.publicKey(COMPANY_PUBLIC), ANS_TEXT, ANS_SIGNATURE));
        assertFalse(Rsa.verify(Pem.publicKey(COMPANY_PUBLIC), ANS_TEXT.replace("wx2023", "wx2024"), ANS_SIGNATURE));
    }

    @Test
    void theWalletInvocationVectorsVerifyWithTheMerchantsKey() {
        assertTrue(Rsa.verify(MERCHANT_KEY, JSAPI_TEXT, JSAPI_SIGNATURE));
        assertTrue(Rsa.verify(MERCHANT_KEY, APP_TEXT, APP_SIGNATURE));
    }

    @Test
    void theOaepVectorDecryptsWithTheCompanysKey() {
        assertEquals("11010519491231002X", Oaep.decrypt(COMPANY_KEY, OAEP_CIPHERTEXT));
        assertEquals("11010519491231002X", PersonalData.decrypt(COMPANY_KEY, "cert_id", OAEP_CIPHERTEXT));
    }

    @Test
    void oaepUnderAnotherKeyIsRefusedWithoutDetail() {
        PrivateKey merchant = Pem.privateKey(MERCHANT_PRIVATE);
        org.junit.jupiter.api.Assertions.assertThrows(org.cbec.sandbox.codec.Members.Invalid.class,
                () -> PersonalData.decrypt(merchant, "cert_id", OAEP_CIPHERTEXT));
    }
}
