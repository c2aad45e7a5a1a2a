package org.cbec.company.betapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.cbec.company.KnownKeys;
import org.cbec.plumbing.vectors.Vectors;
import org.junit.jupiter.api.Test;

/**
 * Known answers for every text betapay's protocol signs (docs/companies/betapay.md), read from
 * docs/companies/vectors/betapay (the signatures made with OpenSSL from the keys there).
 * company-sandbox's {@code BetapayProtocolVectorsTest} reads the same files on the company's side.
 * The helpers below play the company in the adapter's *CallsTest classes: they check a request's
 * signature with the JDK and answer a recorded node with its recorded signature.
 */
class BetapayVectorsTest {

    static final Vectors PRECREATE = Vectors.read("betapay/precreate.txt");

    /** The parameters as the broker puts them together, in its order, with an empty one that is not signed. */
    private static Map<String, String> request() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("app_id", PRECREATE.get("param.app_id"));
        p.put("method", PRECREATE.get("param.method"));
        p.put("format", PRECREATE.get("param.format"));
        p.put("charset", PRECREATE.get("param.charset"));
        p.put("sign_type", PRECREATE.get("param.sign_type"));
        p.put("timestamp", BetapayForm.timestamp(Instant.ofEpochSecond(1700000000L)));
        p.put("version", PRECREATE.get("param.version"));
        p.put("notify_url", "");
        p.put("biz_content", PRECREATE.get("param.biz_content"));
        return p;
    }

    @Test
    void theRequestSignsTheSortedTextAndCarriesTheKnownSignature() {
        assertEquals(PRECREATE.get("param.timestamp"), BetapayForm.timestamp(Instant.ofEpochSecond(1700000000L)), "Beijing time");
        assertEquals(PRECREATE.get("request.signed-text"), BetapaySigning.signContent(request()));
        assertEquals(PRECREATE.get("request.sign"), BetapaySigning.sign(request(), KnownKeys.merchantPrivate()));
        assertTrue(Vectors.verifies(KnownKeys.merchantPublic(), PRECREATE.get("request.signed-text"), PRECREATE.get("request.sign")));
    }

    @Test
    void theCompanysResponseNodeSignatureIsKnownAndTheNodeIsCutOutVerbatim() {
        String body = PRECREATE.get("answer.body");
        assertEquals(body, "{\"" + BetapaySigning.responseKey("betapay.trade.precreate") + "\":" + PRECREATE.get("answer.node")
                + ",\"sign\":\"" + PRECREATE.get("answer.sign") + "\"}");
        assertEquals(Optional.of(PRECREATE.get("answer.node")), BetapaySigning.verifiedNode(body, "betapay.trade.precreate",
                KnownKeys.companyPublic()));
        assertEquals(Optional.empty(), BetapaySigning.verifiedNode(body.replace("kat0002", "kat0003"), "betapay.trade.precreate",
                KnownKeys.companyPublic()));
    }

    @Test
    void theWalletInvocationSignatureIsKnown() {
        Vectors invocation = Vectors.read("betapay/wallet-invocation.txt");
        Map<String, String> p = new LinkedHashMap<>();
        for (String name : new String[] {"app_id", "method", "trade_no", "timestamp", "nonce_str", "sign_type"}) {
            p.put(name, invocation.get("param." + name));
        }
        assertEquals(invocation.get("signed-text"), BetapaySigning.signContent(p));
        assertEquals(invocation.get("sign"), BetapaySigning.sign(p, KnownKeys.merchantPrivate()));
    }

    @Test
    void theStoredAnswerKeepsTheNodeAndLosesTheSignature() {
        String stored = BetapaySigning.withoutSign(PRECREATE.get("answer.body"));
        assertTrue(stored.contains("\"qr_code\":\"betapay://qr/2023111422001400000001\""), stored);
        assertTrue(!stored.contains(PRECREATE.get("answer.sign")) && !stored.contains("\"sign\""), stored);
        assertEquals("not json", BetapaySigning.withoutSign("not json"));
    }

    @Test
    void amountsAreYuanWithTwoDecimals() {
        assertEquals("25.99", BetapayMoney.yuan(2599));
        assertEquals(2599, BetapayMoney.fen("25.99"));
    }

    // ---- the company in the *CallsTest classes -------------------------------------------------

    /** A merchant's request as the company reads it: the form body's parameters (UTF-8, {@code +} for a space). */
    static Map<String, String> readForm(String body) {
        Map<String, String> params = new LinkedHashMap<>();
        for (String pair : body.split("&")) {
            int eq = pair.indexOf('=');
            params.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                    URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return params;
    }

    /** The request's {@code sign} is the merchant's, with the JDK, over the text {@code signContent} writes (pinned above). */
    static boolean signedByTheMerchant(Map<String, String> params) {
        return Vectors.verifies(KnownKeys.merchantPublic(), BetapaySigning.signContent(params), params.get("sign"));
    }

    /** The recorded answer {@code answer.<name>} of a vector file for the method: its node and its recorded signature. */
    static String recorded(Vectors vector, String name, String method) {
        return "{\"" + BetapaySigning.responseKey(method) + "\":" + vector.get("answer." + name + ".node") + ",\"sign\":\""
                + vector.get("answer." + name + ".sign") + "\"}";
    }
}
