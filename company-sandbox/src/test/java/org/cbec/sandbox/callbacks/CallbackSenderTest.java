package org.cbec.sandbox.callbacks;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What counts as a merchant's acknowledgement: a 2xx whose body, stripped of white space, is exactly "success". */
class CallbackSenderTest {

    @Test
    void aTwoHundredWithSuccessAcknowledges() {
        assertTrue(CallbackSender.acknowledged(200, "success"));
        assertTrue(CallbackSender.acknowledged(200, "success\n"));
        assertTrue(CallbackSender.acknowledged(200, "  success \r\n"));
        assertTrue(CallbackSender.acknowledged(204, "success"));
        assertTrue(CallbackSender.acknowledged(299, "success"));
    }

    @Test
    void failureAnEmptyOrAnotherBodyDoesNot() {
        for (String body : new String[] {"failure", "", "SUCCESS", "Success", "success!", "{\"code\":\"SUCCESS\"}", "success failure"}) {
            assertFalse(CallbackSender.acknowledged(200, body), body);
        }
        assertFalse(CallbackSender.acknowledged(200, null));
    }

    @Test
    void successWithAStatusOutsideTwoHundredsDoesNot() {
        for (int status : new int[] {100, 199, 300, 302, 400, 404, 500, 503}) {
            assertFalse(CallbackSender.acknowledged(status, "success"), Integer.toString(status));
        }
    }
}
