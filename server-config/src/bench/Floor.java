import java.io.IOException;
import java.io.Reader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.PublicKey;
import java.util.Properties;
import org.cbec.company.Nonces;
import org.cbec.company.alphapay.AlphapaySigning;
import org.cbec.plumbing.crypto.Pem;
import org.cbec.plumbing.crypto.Rsa;

/**
 * The crypto floor of server-config/bench: the broker's own RSA work for one CreatePayment or
 * QueryPayment (one request signature with the merchant's key, one verification of the company's
 * answer), done in a loop over the project's real signing class, on one thread, in the CPU the
 * broker runs on. The company's answer and its signature are read from a written-out vector
 * (floor-answer.properties, beside this file), so that the floor runs only the broker's side of
 * the protocol. Run with ejb-core on the class path, from the repository's root:
 *   java -cp ejb-core/target/classes server-config/src/bench/Floor.java SECONDS [ANSWER_FILE]
 * Prints "FLOOR ops=N cpu_ms_per_op=X" (thread CPU time, not wall time, so the figure does not
 * depend on what else the machine does).
 */
public class Floor {

    /** The company's signed answer, as floor-answer.properties writes it out. */
    record Answer(PublicKey companyKey, String timestamp, String nonce, String body, String signature) {

        static Answer read(Path file) throws IOException {
            Properties p = new Properties();
            try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                p.load(in);
            }
            return new Answer(Pem.publicKey(p.getProperty("company_public_key")), p.getProperty("timestamp"), p.getProperty("nonce"),
                    p.getProperty("body"), p.getProperty("signature"));
        }

        boolean verifies() {
            return AlphapaySigning.verifyResponse(companyKey, timestamp, nonce, body, signature);
        }
    }

    public static void main(String[] args) throws IOException {
        double seconds = Double.parseDouble(args.length > 0 ? args[0] : "10");
        Answer answer = Answer.read(Path.of(args.length > 1 ? args[1] : "server-config/src/bench/floor-answer.properties"));
        if (!answer.verifies()) {
            throw new IllegalStateException("the written-out company answer does not verify");
        }
        KeyPair merchant = Rsa.newKeyPair();
        String path = "/sandbox/alphapay/v3/pay/transactions/native";
        String body = "{\"appid\":\"alphapay-app-1900000001\",\"mchid\":\"1900000001\",\"description\":\"bench\","
                + "\"out_trade_no\":\"floor0001\",\"amount\":{\"total\":100,\"currency\":\"CNY\"}}";

        // Warm-up: the JIT compiles the signing path first, as it has in a warmed-up broker.
        loop(merchant, path, body, answer, Math.max(1.0, seconds / 3));
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        long cpuStart = cpu.getCurrentThreadCpuTime();
        long ops = loop(merchant, path, body, answer, seconds);
        double cpuMs = (cpu.getCurrentThreadCpuTime() - cpuStart) / 1e6;
        System.out.printf("FLOOR ops=%d cpu_ms_per_op=%.4f%n", ops, cpuMs / ops);
    }

    private static long loop(KeyPair merchant, String path, String body, Answer answer, double seconds) {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        long ops = 0;
        while (System.nanoTime() < end) {
            String authorization = AlphapaySigning.authorization("1900000001", "5157F09EFDC096DE", merchant.getPrivate(), "POST",
                    path, body, 1700000000L + ops, Nonces.newNonce());
            boolean verified = answer.verifies();
            if (authorization.isEmpty() || !verified) {
                throw new IllegalStateException("the signing classes did not sign or verify");
            }
            ops++;
        }
        return ops;
    }
}
