import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.security.KeyPair;
import org.cbec.payment.company.Nonces;
import org.cbec.payment.company.Pem;
import org.cbec.payment.company.alphapay.AlphapaySigning;

/**
 * The crypto floor of server-config/bench: the broker's own RSA work for one CreatePayment or
 * QueryPayment (one request signature with the merchant's key, one verification of the company's
 * answer), done in a loop over the project's real signing class, on one thread, in the CPU the
 * broker runs on. Run with ejb-core on the class path:
 *   java -cp ejb-core/target/classes server-config/src/bench/Floor.java SECONDS
 * Prints "FLOOR ops=N cpu_ms_per_op=X" (thread CPU time, not wall time, so the figure does not
 * depend on what else the machine does).
 */
public class Floor {

    public static void main(String[] args) {
        double seconds = Double.parseDouble(args.length > 0 ? args[0] : "10");
        KeyPair merchant = Pem.newRsaKeyPair();
        KeyPair company = Pem.newRsaKeyPair();
        String path = "/sandbox/alphapay/v3/pay/transactions/native";
        String body = "{\"appid\":\"alphapay-app-1900000001\",\"mchid\":\"1900000001\",\"description\":\"bench\","
                + "\"out_trade_no\":\"floor0001\",\"amount\":{\"total\":100,\"currency\":\"CNY\"}}";
        String answer = "{\"code_url\":\"alphapay://pay/bizpayurl?pr=wx2023111414000000001\"}";
        AlphapaySigning.ResponseSignature signed = AlphapaySigning.signResponse(company.getPrivate(), "S", answer, 1700000001L, Nonces.newNonce());

        // Warm-up: the JIT compiles the signing path first, as it has in a warmed-up broker.
        loop(merchant, company, path, body, answer, signed, Math.max(1.0, seconds / 3));
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        long cpuStart = cpu.getCurrentThreadCpuTime();
        long ops = loop(merchant, company, path, body, answer, signed, seconds);
        double cpuMs = (cpu.getCurrentThreadCpuTime() - cpuStart) / 1e6;
        System.out.printf("FLOOR ops=%d cpu_ms_per_op=%.4f%n", ops, cpuMs / ops);
    }

    private static long loop(KeyPair merchant, KeyPair company, String path, String body, String answer,
            AlphapaySigning.ResponseSignature signed, double seconds) {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        long ops = 0;
        while (System.nanoTime() < end) {
            String authorization = AlphapaySigning.authorization("1900000001", "5157F09EFDC096DE", merchant.getPrivate(), "POST",
                    path, body, 1700000000L + ops, Nonces.newNonce());
            boolean verified = AlphapaySigning.verifyResponse(company.getPublic(), signed.timestamp(), signed.nonce(), answer,
                    signed.signature());
            if (authorization.isEmpty() || !verified) {
                throw new IllegalStateException("the signing classes did not sign or verify");
            }
            ops++;
        }
        return ops;
    }
}
