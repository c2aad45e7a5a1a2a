package org.cbec.company.betapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The scanner that cuts the exact text of the answer's node out of a body a strict parser accepted. */
class RawJsonMemberTest {

    private static final String KEY = "betapay_trade_query_response";

    @Test
    void nodeWithBracesQuotesEscapesAndChineseIsCutOutVerbatim() {
        String node = "{ \"subject\" : \"a } b { c\", \"note\":\"say \\\"hi\\\" \\\\ }\", \"nested\": {\"list\": [1, {\"x\": \"]\"}],"
                + " \"cn\": \"中文\", \"u\": \"\\u4e2d\"}, \"n\": 1.50 , \"ok\": true, \"nil\": null }";
        String body = "{\"" + KEY + "\":" + node + ",\"sign\":\"c2lnbg==\"}";
        assertEquals(Optional.of(node), RawJsonMember.find(body, KEY));
    }

    @Test
    void memberAfterOthersAndWhitespaceAroundColonsAndCommasIsFound() {
        String node = "{\"code\":\"10000\",\"msg\":\"\\\"}{\\\"\"}";
        String body = "{\n  \"sign\" : \"c2lnbg==\" ,\n  \"other\": {\"" + KEY + "\": 1},"
                + "\n  \"" + KEY + "\" :  " + node + "  \n}\n";
        assertEquals(Optional.of(node), RawJsonMember.find(body, KEY));
    }

    @Test
    void escapedMemberNameStillFindsTheNode() {
        String node = "{\"code\":\"10000\"}";
        String body = "{\"betapay_trade_query_\\u0072esponse\":" + node + ",\"sign\":\"c2lnbg==\"}";
        assertEquals(Optional.of(node), RawJsonMember.find(body, KEY));
    }

    @Test
    void repeatedNodeGivesEmpty() {
        String body = "{\"" + KEY + "\":{\"code\":\"10000\"},\"" + KEY + "\":{\"code\":\"40004\"},\"sign\":\"c2lnbg==\"}";
        assertTrue(RawJsonMember.find(body, KEY).isEmpty());
    }
}
