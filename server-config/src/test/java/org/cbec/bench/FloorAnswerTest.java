package org.cbec.bench;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PublicKey;
import java.util.Properties;
import org.cbec.company.alphapay.AlphapaySigning;
import org.cbec.plumbing.crypto.Pem;
import org.junit.jupiter.api.Test;

/**
 * The company's answer that the benchmark's floor verifies (src/bench/floor-answer.properties) is
 * written out, not signed by the floor; this keeps it verifying with the broker's own code, so a
 * change to the signed text or to the file shows here rather than as a floor that throws.
 */
class FloorAnswerTest {

    private static final Path ANSWER = Path.of("src", "bench", "floor-answer.properties");

    @Test
    void theWrittenOutAnswerVerifiesWithTheBrokersVerification() throws IOException {
        Properties p = answer();
        assertTrue(AlphapaySigning.verifyResponse(companyKey(p), p.getProperty("timestamp"), p.getProperty("nonce"),
                p.getProperty("body"), p.getProperty("signature")));
    }

    @Test
    void theSignatureCoversTheWrittenOutBody() throws IOException {
        Properties p = answer();
        assertFalse(AlphapaySigning.verifyResponse(companyKey(p), p.getProperty("timestamp"), p.getProperty("nonce"),
                p.getProperty("body").replace("0001", "0002"), p.getProperty("signature")));
    }

    private static PublicKey companyKey(Properties p) {
        return Pem.publicKey(p.getProperty("company_public_key"));
    }

    private static Properties answer() throws IOException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(ANSWER, StandardCharsets.UTF_8)) {
            p.load(in);
        }
        return p;
    }
}
