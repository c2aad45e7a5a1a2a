package org.cbec.access.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TokenBucketTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void aBurstIsAdmittedThenTheNextRequestWaitsForItsToken() {
        TokenBucket bucket = new TokenBucket(10, 3, 0);
        for (int i = 0; i < 3; i++) {
            assertEquals(0, bucket.take(0), "request " + i + " of the burst");
        }
        long wait = bucket.take(0);
        assertEquals(SECOND / 10, wait, "a tenth of a second at 10 per second");
    }

    @Test
    void tokensComeBackAtTheRateAndNoMoreThanTheBurst() {
        TokenBucket bucket = new TokenBucket(10, 3, 0);
        for (int i = 0; i < 3; i++) {
            bucket.take(0);
        }
        assertEquals(0, bucket.take(SECOND / 10), "one token after 100 ms");
        assertTrue(bucket.take(SECOND / 10) > 0);
        long later = 100 * SECOND;
        for (int i = 0; i < 3; i++) {
            assertEquals(0, bucket.take(later));
        }
        assertTrue(bucket.take(later) > 0, "a long pause gives the burst back, not more");
    }

    @Test
    void aRefusedRequestTakesNothing() {
        TokenBucket bucket = new TokenBucket(1, 1, 0);
        assertEquals(0, bucket.take(0));
        assertEquals(SECOND, bucket.take(0));
        assertEquals(SECOND / 2, bucket.take(SECOND / 2), "the refused requests did not push the token further away");
        assertEquals(0, bucket.take(SECOND));
    }

    @Test
    void aLimitWithoutRateOrBurstIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new TokenBucket(0, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new TokenBucket(1, 0, 0));
    }
}
