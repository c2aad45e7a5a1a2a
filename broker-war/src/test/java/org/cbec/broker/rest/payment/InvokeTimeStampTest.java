package org.cbec.broker.rest.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbException;
import org.cbec.broker.rest.error.StrictJsonb;
import org.cbec.broker.rest.payment.PaymentsResource.InvokeRequest;
import org.cbec.payment.InvokePayment;
import org.cbec.payment.control.PaymentRules;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.web.error.RequestProblems;
import org.junit.jupiter.api.Test;

/**
 * InvokePayment's {@code timeStamp} as the broker reads it: the body bound by the WAR's own JSON-B
 * (strict types) and then checked by the invoke rules, as {@link PaymentsResource#invoke} does.
 * The spec types it as a string and shows a number in its example; both are taken.
 */
class InvokeTimeStampTest {

    private static final Jsonb JSONB = new StrictJsonb().getContext(InvokeRequest.class);

    /** The request body with this JSON text as its {@code timeStamp} member (none when null). */
    private static InvokeRequest body(String timeStampJson) {
        return JSONB.fromJson("{\"paymentMethod\":\"alphapay\",\"paymentType\":\"APP\",\"payMessage\":\"wx-prepay-1\""
                + (timeStampJson == null ? "" : ",\"timeStamp\":" + timeStampJson) + ",\"nonceStr\":\"abc123\"}", InvokeRequest.class);
    }

    /** The timeStamp the company is given for this body, after the rules passed it. */
    private static String accepted(String timeStampJson) {
        InvokeRequest r = body(timeStampJson);
        PaymentRules.checkInvoke(invocation(r));
        return r.timeStamp();
    }

    private static String refusedField(String timeStampJson) {
        InvokeRequest r = body(timeStampJson);
        return assertThrows(InvalidRequestException.class, () -> PaymentRules.checkInvoke(invocation(r))).field();
    }

    private static InvokePayment invocation(InvokeRequest r) {
        return new InvokePayment(r.paymentMethod(), r.paymentType(), r.payMessage(), r.timeStamp(), r.nonceStr(), r.notifyUrl());
    }

    @Test
    void aNumericTimeStampIsTakenAsItsDigits() {
        assertEquals("1795290000", accepted("1795290000"));
    }

    @Test
    void aWholeNumberWrittenWithAnExponentOrAZeroFractionIsTakenAsItsDigits() {
        assertEquals("1795290000", accepted("1.79529E9"));
        assertEquals("1795290000", accepted("1795290000.0"));
    }

    @Test
    void aTimeStampStringOfDigitsIsTakenAsItIs() {
        assertEquals("1795290000", accepted("\"1795290000\""));
    }

    @Test
    void aNegativeNumericTimeStampIs422NamingTimeStamp() {
        assertEquals("timeStamp", refusedField("-1795290000"));
    }

    @Test
    void aFractionalNumericTimeStampIs422NamingTimeStamp() {
        assertEquals("timeStamp", refusedField("1795290000.5"));
    }

    @Test
    void aNumericTimeStampBeyondALongIs422NamingTimeStamp() {
        assertEquals("timeStamp", refusedField("9223372036854775808"));
        assertEquals("timeStamp", refusedField("1e30"));
    }

    @Test
    void aNumericTimeStampOfMoreThanThirteenDigitsIs422NamingTimeStampAsAStringOfThemIs() {
        assertEquals("timeStamp", refusedField("17952900000000"));
        assertEquals("timeStamp", refusedField("\"17952900000000\""));
    }

    @Test
    void aTimeStampWithLettersIs422NamingTimeStamp() {
        assertEquals("timeStamp", refusedField("\"17952900a0\""));
    }

    @Test
    void aNullOrMissingTimeStampIsLeftToTheBrokerToGenerate() {
        assertNull(accepted("null"));
        assertNull(accepted(null));
    }

    @Test
    void aTimeStampOfAnotherJsonTypeIsAnUnreadableBodyAsForEveryMember() {
        for (String other : new String[] {"true", "{}", "[1795290000]"}) {
            JsonbException e = assertThrows(JsonbException.class, () -> body(other), other);
            assertTrue(RequestProblems.isUnreadableBody(e), other);
        }
    }

    @Test
    void theOtherTextMembersStillRefuseANumber() {
        assertThrows(JsonbException.class, () -> JSONB.fromJson("{\"paymentType\":1}", InvokeRequest.class));
        assertThrows(JsonbException.class, () -> JSONB.fromJson("{\"nonceStr\":123456}", InvokeRequest.class));
        assertThrows(JsonbException.class, () -> JSONB.fromJson("{\"payMessage\":1795290000}", InvokeRequest.class));
    }
}
