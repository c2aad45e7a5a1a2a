import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

/**
 * The load harness of {@code server-config/bench}, run with Java's single-file source launcher so
 * that it needs nothing but the JDK and no Maven wiring.
 *
 * <p>Against a running server it measures, in one run and at one concurrency, blocks of: the
 * broker's ping, CreatePayment and QueryPayment through the alphapay sandbox, platform cart
 * creation, and the crypto floor of a create and of a query (exactly their RSA work, done
 * in-process by the same number of threads). The blocks alternate round after round, so that a
 * machine that gets busier or quieter during the run disturbs every kind alike. Then an open-model
 * run at half of the create (and query) saturation rate reads the broker's own time from
 * {@code Server-Timing}. It prints one summary table; the figures are the result, so missed targets
 * do not fail the run, while errors above the allowed rate do (exit 2).
 *
 * <p>The HTTP client is a minimal blocking HTTP/1.1 keep-alive client over sockets rather than
 * {@code java.net.http.HttpClient}: the harness shares the two cores with the server, and every
 * cycle the client spends is taken from the server it measures ({@code --client jdk} switches to
 * the JDK client, to cross-check).
 */
public final class Bench {

    /** What one request (or one crypto-floor operation) of the benchmark is. */
    enum Kind {
        PING("ping", "GET /broker/ping"),
        CREATE("create", "CreatePayment, alphapay sandbox, NATIVE"),
        QUERY("query", "QueryPayment, alphapay sandbox"),
        CART("cart", "platform cart, platform_c, 1 product"),
        FLOOR_CREATE("floor-create", "RSA work of one create, in-process"),
        FLOOR_QUERY("floor-query", "RSA work of one query, in-process");

        final String label;
        final String what;

        Kind(String label, String what) {
            this.label = label;
            this.what = what;
        }

        boolean inProcess() {
            return this == FLOOR_CREATE || this == FLOOR_QUERY;
        }
    }

    // ------------------------------------------------------------------------------ options

    private final Map<String, String> options;
    private final boolean quick;
    private final URI base;
    private final String apiKey;
    private final String caKey;
    private final int concurrency;
    private final int rounds;
    private final int blockSeconds;
    private final int warmupSeconds;
    private final int openSeconds;
    private final double openLoad;
    private final double maxErrorRate;
    private final long serverPid;
    private final Path summaryFile;

    private final Client http;
    private final CryptoFloor floor;
    private final OrderPool orders = new OrderPool(10_000);
    private final String runId = Long.toString(System.currentTimeMillis() % 2_176_782_336L, 36);
    private final AtomicLong orderCounter = new AtomicLong();
    private final RssSampler rss;

    private Bench(Map<String, String> options) throws Exception {
        this.options = options;
        quick = truthy(option("quick", "BENCH_QUICK", "0"));
        base = URI.create(required("base", "BENCH_BASE_URL"));
        apiKey = required("api-key", "BENCH_API_KEY");
        caKey = required("ca-key", "BENCH_CA_KEY");
        concurrency = Integer.parseInt(option("concurrency", "BENCH_CONCURRENCY", "16"));
        rounds = Integer.parseInt(option("rounds", "BENCH_ROUNDS", quick ? "2" : "5"));
        blockSeconds = Integer.parseInt(option("block-seconds", "BENCH_BLOCK_SECONDS", quick ? "2" : "5"));
        warmupSeconds = Integer.parseInt(option("warmup-seconds", "BENCH_WARMUP_SECONDS", quick ? "8" : "120"));
        openSeconds = Integer.parseInt(option("open-seconds", "BENCH_OPEN_SECONDS", quick ? "4" : "15"));
        openLoad = Double.parseDouble(option("open-load", "BENCH_OPEN_LOAD", "0.5"));
        maxErrorRate = Double.parseDouble(option("max-error-rate", "BENCH_MAX_ERROR_RATE", "0.01"));
        serverPid = Long.parseLong(option("pid", "BENCH_SERVER_PID", "0"));
        String summary = option("summary", "BENCH_SUMMARY", "");
        summaryFile = summary.isEmpty() ? null : Path.of(summary);
        http = "jdk".equals(option("client", "BENCH_CLIENT", "raw")) ? new JdkClient(base) : new RawClient(base);
        floor = new CryptoFloor();
        rss = new RssSampler(serverPid);
    }

    private String option(String name, String env, String fallback) {
        String v = options.get(name);
        if (v == null) {
            v = System.getenv(env);
        }
        return v == null || v.isEmpty() ? fallback : v;
    }

    private String required(String name, String env) {
        String v = option(name, env, "");
        if (v.isEmpty()) {
            throw new IllegalArgumentException("--" + name + " or " + env + " is required");
        }
        return v;
    }

    private static boolean truthy(String v) {
        return v.equals("1") || v.equalsIgnoreCase("true") || v.equalsIgnoreCase("yes");
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument " + args[i]);
            }
            String name = args[i].substring(2);
            if (name.equals("quick")) {
                options.put(name, "1");
            } else {
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("--" + name + " needs a value");
                }
                options.put(name, args[++i]);
            }
        }
        System.exit(new Bench(options).run());
    }

    // ------------------------------------------------------------------------------ the run

    private final Map<Kind, KindStats> stats = new EnumMap<>(Kind.class);
    private final Map<Kind, OpenRun> openRuns = new EnumMap<>(Kind.class);
    private final Tally warmupTally = new Tally();
    private String calibration = "not measured";

    private int run() throws Exception {
        for (Kind k : Kind.values()) {
            stats.put(k, new KindStats());
        }
        String loadBefore = loadAverage();
        rss.start();
        ExecutorService workers = Executors.newFixedThreadPool(concurrency, daemon("worker"));
        try {
            log("seeding payments for the query blocks");
            seed(workers);
            log("warm-up: %d s of the mix at concurrency %d", warmupSeconds, concurrency);
            warmup(workers);
            calibration = floor.calibrate(quick ? 500 : 1500);
            log("one thread, in-process: %s", calibration);
            List<Kind> order = kinds();
            int block = 0;
            for (int r = 0; r < rounds; r++) {
                for (int i = 0; i < order.size(); i++) {
                    // Each round starts one kind later, so no kind always follows the same other one.
                    Kind kind = order.get((i + r) % order.size());
                    Block b = closedBlock(workers, kind);
                    stats.get(kind).add(b);
                    log("round %d/%d block %d/%d %-12s %8.1f req/s  errors %d  server CPU %.2f ms/op  others %.0f%%", r + 1,
                            rounds, ++block, rounds * order.size(), kind.label, b.rate(), b.tally.errors, b.serverCpuMsPerOp(),
                            b.after.othersShareSince(b.before) * 100);
                }
            }
            for (Kind kind : List.of(Kind.CREATE, Kind.QUERY)) {
                if (stats.get(kind).blocks.isEmpty()) {
                    continue;
                }
                double rate = stats.get(kind).median() * openLoad;
                log("open model: %s at %.1f req/s for %d s", kind.label, rate, openSeconds);
                openRuns.put(kind, openRun(kind, rate));
            }
        } finally {
            workers.shutdownNow();
            rss.stop();
        }
        String report = report(loadBefore, loadAverage());
        System.out.print(report);
        if (summaryFile != null) {
            Files.createDirectories(summaryFile.toAbsolutePath().getParent());
            Files.writeString(summaryFile, report);
        }
        return tooManyErrors() ? 2 : 0;
    }

    /** The kinds of the blocks: all of them, unless {@code --kinds} names some (for looking into one). */
    private List<Kind> kinds() {
        String list = option("kinds", "BENCH_KINDS", "");
        if (list.isEmpty()) {
            return List.of(Kind.values());
        }
        List<Kind> kinds = new ArrayList<>();
        for (String name : list.split("[ ,]+")) {
            kinds.add(Arrays.stream(Kind.values()).filter(k -> k.label.equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown kind " + name)));
        }
        return kinds;
    }

    /** Enough created payments that the first query block has something to query. */
    private void seed(ExecutorService workers) throws Exception {
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < concurrency; t++) {
            done.add(workers.submit(() -> {
                while (orders.size() < Math.max(200, concurrency * 10)) {
                    execute(Kind.CREATE, warmupTally);
                    if (warmupTally.errors > 1000) {
                        throw new IllegalStateException("CreatePayment keeps failing: " + warmupTally.samples);
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : done) {
            f.get();
        }
    }

    /**
     * The mix of every kind, in slices of at most 10 s, each logged with the server's CPU per
     * request: Payara's JIT goes on compiling for a minute or more on two cores, and the slices show
     * whether it had settled before the measured blocks.
     */
    private void warmup(ExecutorService workers) throws Exception {
        Kind[] mix = {Kind.CREATE, Kind.QUERY, Kind.PING, Kind.CART, Kind.CREATE, Kind.QUERY, Kind.CART, Kind.FLOOR_CREATE};
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(warmupSeconds);
        for (int slice = 1; System.nanoTime() < end; slice++) {
            long deadline = Math.min(end, System.nanoTime() + TimeUnit.SECONDS.toNanos(10));
            Cpu before = Cpu.now(serverPid);
            long start = System.nanoTime();
            List<Future<Tally>> done = new ArrayList<>();
            for (int t = 0; t < concurrency; t++) {
                int offset = t;
                done.add(workers.submit(() -> {
                    Tally tally = new Tally();
                    for (int i = offset; System.nanoTime() < deadline; i++) {
                        execute(mix[i % mix.length], tally);
                    }
                    return tally;
                }));
            }
            Tally all = new Tally();
            for (Future<Tally> f : done) {
                all.merge(f.get());
            }
            Block b = new Block(all, System.nanoTime() - start, before, Cpu.now(serverPid));
            warmupTally.merge(all);
            log("warm-up slice %d: %.1f req/s of the mix, server CPU %.2f ms/op, errors %d", slice, b.rate(),
                    b.serverCpuMsPerOp(), all.errors);
        }
    }

    /** One closed-model block: C threads, each sending its next request as soon as the last answered. */
    private Block closedBlock(ExecutorService workers, Kind kind) throws Exception {
        Cpu before = Cpu.now(serverPid);
        long start = System.nanoTime();
        long deadline = start + TimeUnit.SECONDS.toNanos(blockSeconds);
        List<Future<Tally>> parts = new ArrayList<>();
        for (int t = 0; t < concurrency; t++) {
            parts.add(workers.submit(() -> {
                Tally tally = new Tally();
                while (System.nanoTime() < deadline) {
                    execute(kind, tally);
                }
                return tally;
            }));
        }
        Tally all = new Tally();
        for (Future<Tally> f : parts) {
            all.merge(f.get());
        }
        long elapsed = System.nanoTime() - start;
        Cpu after = Cpu.now(serverPid);
        return new Block(all, elapsed, before, after);
    }

    /**
     * The open model: arrivals on a fixed schedule, each on a thread of a pool large enough that a
     * slow answer never delays the next arrival; client latency is counted from the scheduled time.
     */
    private OpenRun openRun(Kind kind, double rate) throws Exception {
        int n = (int) Math.max(1, Math.round(rate * openSeconds));
        OpenRun run = new OpenRun(kind, rate, n);
        ThreadPoolExecutor pool = new ThreadPoolExecutor(256, 256, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                daemon("open"));
        pool.prestartAllCoreThreads();
        double periodNanos = 1e9 / rate;
        long t0 = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100);
        for (int i = 0; i < n; i++) {
            long at = t0 + (long) (i * periodNanos);
            long wait;
            while ((wait = at - System.nanoTime()) > 0) {
                LockSupport.parkNanos(wait);
            }
            int index = i;
            pool.execute(() -> {
                run.lateNanos[index] = System.nanoTime() - at;
                Tally tally = run.tallies.get();
                Reply reply = execute(kind, tally);
                run.clientNanos[index] = System.nanoTime() - at;
                run.brokerMs[index] = reply == null ? Double.NaN : timing(reply.serverTiming, "broker");
                run.companyMs[index] = reply == null ? Double.NaN : timing(reply.serverTiming, "company");
            });
        }
        pool.shutdown();
        if (!pool.awaitTermination(2, TimeUnit.MINUTES)) {
            throw new IllegalStateException("open-model requests still running after 2 minutes");
        }
        run.elapsedNanos = System.nanoTime() - t0;
        return run;
    }

    // ------------------------------------------------------------------------------ one request

    private static final byte[] JSON = "application/json".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CART_BODY = ("{\"merchantSiteUrl\":\"https://shop.example\",\"cart\":{\"userId\":\"u1\","
            + "\"products\":[{\"productId\":\"p1\",\"quantity\":2,\"price\":9.99,\"currency\":\"GBP\"}]}}")
            .getBytes(StandardCharsets.UTF_8);

    /** Runs one operation of the kind, counts it, and returns the reply (null for in-process work or a failure). */
    private Reply execute(Kind kind, Tally tally) {
        long start = System.nanoTime();
        try {
            Reply reply = switch (kind) {
                case PING -> http.send("GET", "/broker/ping", null, null, null);
                case CREATE -> create();
                case QUERY -> query();
                case CART -> http.send("POST", "/checkout/carts/platform_c/demo", "x-ca-key", caKey, CART_BODY);
                case FLOOR_CREATE, FLOOR_QUERY -> floor.operation(kind == Kind.FLOOR_CREATE) ? null : new Reply(-1, null, null);
            };
            long nanos = System.nanoTime() - start;
            if (reply == null || reply.status / 100 == 2) {
                tally.ok(nanos);
            } else {
                tally.error(kind.label + " HTTP " + reply.status + " " + snippet(reply.body));
            }
            return reply;
        } catch (IOException | RuntimeException e) {
            tally.error(kind.label + " " + e);
            return null;
        }
    }

    private Reply create() throws IOException {
        String orderRef = "bn" + runId + "-" + Long.toString(orderCounter.incrementAndGet(), 36);
        byte[] body = ("{\"paymentMethod\":\"alphapay\",\"paymentType\":\"NATIVE\",\"orderRef\":\"" + orderRef
                + "\",\"actualAmount\":100,\"currency\":\"CNY\"}").getBytes(StandardCharsets.UTF_8);
        Reply reply = http.send("POST", "/broker/v1/payment/demo", "app-api-key", apiKey, body);
        if (reply.status == 200) {
            orders.add(orderRef);
        }
        return reply;
    }

    private Reply query() throws IOException {
        String orderRef = orders.next();
        if (orderRef == null) {
            return create();
        }
        return http.send("GET", "/broker/v1/payment/demo?order_ref=" + orderRef + "&payment_method=alphapay", "app-api-key",
                apiKey, null);
    }

    private static String snippet(byte[] body) {
        if (body == null) {
            return "";
        }
        String s = new String(body, StandardCharsets.UTF_8).replaceAll("\\s+", " ");
        return s.length() > 160 ? s.substring(0, 160) + "…" : s;
    }

    /** The {@code dur} of one metric of a {@code Server-Timing} header, NaN when absent. */
    static double timing(String header, String metric) {
        if (header == null) {
            return Double.NaN;
        }
        for (String part : header.split(",")) {
            String[] params = part.trim().split(";");
            if (params[0].trim().equals(metric)) {
                for (int i = 1; i < params.length; i++) {
                    String p = params[i].trim();
                    if (p.startsWith("dur=")) {
                        return Double.parseDouble(p.substring(4));
                    }
                }
            }
        }
        return Double.NaN;
    }

    // ------------------------------------------------------------------------------ the crypto floor

    /**
     * Exactly the RSA work of one alphapay create or query through the sandbox, with keys of the
     * same size: the broker signs its request with the merchant's key (SHA256withRSA, RSA-2048), the
     * sandbox verifies it with the merchant's public key, the sandbox signs its answer with the
     * company's key, the broker verifies that with the company's public key. Two signatures and two
     * verifications, each with a fresh {@link Signature} and Base64 as the product does; messages of
     * the product's shape, with a new nonce each time.
     */
    static final class CryptoFloor {
        private static final String CREATE_BODY = "{\"appid\":\"wx-sandbox-app\",\"mchid\":\"1900000109\",\"description\":"
                + "\"bn000000-0000\",\"out_trade_no\":\"bn000000-0000\",\"amount\":{\"total\":100,\"currency\":\"CNY\"}}";
        private static final String CREATE_ANSWER = "{\"code_url\":\"alphapay://pay/bizpayurl?pr=wx54143716bcff49b4bd848a2b6e8bb980\"}";
        private static final String QUERY_ANSWER = "{\"mchid\":\"1900000109\",\"out_trade_no\":\"bn000000-0000\",\"trade_type\":"
                + "\"NATIVE\",\"trade_state\":\"NOTPAY\",\"trade_state_desc\":\"awaiting payment\",\"amount\":{\"total\":100,"
                + "\"currency\":\"CNY\"}}";

        private final KeyPair merchant;
        private final KeyPair company;
        private final AtomicLong nonces = new AtomicLong();

        CryptoFloor() throws GeneralSecurityException {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            merchant = generator.generateKeyPair();
            company = generator.generateKeyPair();
        }

        boolean operation(boolean create) {
            String timestamp = Long.toString(System.currentTimeMillis() / 1000);
            String nonce = Long.toHexString(ThreadLocalRandom.current().nextLong()) + nonces.incrementAndGet();
            String request = create
                    ? "POST\n/broker/sandbox/alphapay/v3/pay/transactions/native\n" + timestamp + "\n" + nonce + "\n" + CREATE_BODY + "\n"
                    : "GET\n/broker/sandbox/alphapay/v3/pay/transactions/out-trade-no/bn000000-0000?mchid=1900000109\n"
                            + timestamp + "\n" + nonce + "\n\n";
            String requestSignature = sign(merchant.getPrivate(), request);
            boolean ok = verify(merchant.getPublic(), request, requestSignature);
            String answer = timestamp + "\n" + nonce + "\n" + (create ? CREATE_ANSWER : QUERY_ANSWER) + "\n";
            String answerSignature = sign(company.getPrivate(), answer);
            return ok & verify(company.getPublic(), answer, answerSignature);
        }

        /** The cost of one signature and of one verification on one thread, each timed for about {@code millis}. */
        String calibrate(long millis) {
            String message = "POST\n/broker/sandbox/alphapay/v3/pay/transactions/native\n1700000000\nnonce\n" + CREATE_BODY + "\n";
            String signature = sign(merchant.getPrivate(), message);
            java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
            long signs = 0;
            long cpuStart = cpu.getCurrentThreadCpuTime();
            long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
            while (System.nanoTime() < end) {
                sign(merchant.getPrivate(), message);
                signs++;
            }
            double signMs = (cpu.getCurrentThreadCpuTime() - cpuStart) / 1e6 / signs;
            long verifies = 0;
            cpuStart = cpu.getCurrentThreadCpuTime();
            end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
            while (System.nanoTime() < end) {
                if (!verify(merchant.getPublic(), message, signature)) {
                    throw new IllegalStateException("a signature of the floor does not verify");
                }
                verifies++;
            }
            double verifyMs = (cpu.getCurrentThreadCpuTime() - cpuStart) / 1e6 / verifies;
            return String.format(Locale.ROOT, "SHA256withRSA RSA-2048 sign %.3f ms, verify %.3f ms of CPU (one thread);"
                    + " a create or a query = 2 signs + 2 verifies = %.2f ms", signMs, verifyMs, 2 * signMs + 2 * verifyMs);
        }

        private static String sign(PrivateKey key, String message) {
            try {
                Signature s = Signature.getInstance("SHA256withRSA");
                s.initSign(key);
                s.update(message.getBytes(StandardCharsets.UTF_8));
                return Base64.getEncoder().encodeToString(s.sign());
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
        }

        private static boolean verify(PublicKey key, String message, String signature) {
            try {
                Signature s = Signature.getInstance("SHA256withRSA");
                s.initVerify(key);
                s.update(message.getBytes(StandardCharsets.UTF_8));
                return s.verify(Base64.getDecoder().decode(signature));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    // ------------------------------------------------------------------------------ HTTP clients

    record Reply(int status, String serverTiming, byte[] body) {
    }

    interface Client {
        /** One request; {@code headerName} may be null; a body is sent as JSON. */
        Reply send(String method, String target, String headerName, String headerValue, byte[] body) throws IOException;
    }

    /**
     * HTTP/1.1 with keep-alive over plain blocking sockets: a pool of idle connections, each used by
     * one thread at a time. A reused connection that the server closed meanwhile (idle timeout, or
     * its limit of requests per connection) fails before any byte of an answer; only then is the
     * request sent again, on a new connection.
     */
    static final class RawClient implements Client {
        private final String host;
        private final int port;
        private final String prefix;
        private final ConcurrentLinkedDeque<Connection> idle = new ConcurrentLinkedDeque<>();

        RawClient(URI base) {
            if (!"http".equals(base.getScheme())) {
                throw new IllegalArgumentException("only http:// is supported: " + base);
            }
            host = base.getHost();
            port = base.getPort() < 0 ? 80 : base.getPort();
            String path = base.getRawPath() == null ? "" : base.getRawPath();
            prefix = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        }

        @Override
        public Reply send(String method, String target, String headerName, String headerValue, byte[] body) throws IOException {
            StringBuilder head = new StringBuilder(256).append(method).append(' ').append(prefix).append(target)
                    .append(" HTTP/1.1\r\nHost: ").append(host).append(':').append(port).append("\r\nAccept: application/json\r\n");
            if (headerName != null) {
                head.append(headerName).append(": ").append(headerValue).append("\r\n");
            }
            if (body != null) {
                head.append("Content-Type: application/json\r\nContent-Length: ").append(body.length).append("\r\n");
            }
            head.append("\r\n");
            byte[] headBytes = head.toString().getBytes(StandardCharsets.ISO_8859_1);
            byte[] request = headBytes;
            if (body != null) {
                request = Arrays.copyOf(headBytes, headBytes.length + body.length);
                System.arraycopy(body, 0, request, headBytes.length, body.length);
            }
            while (true) {
                Connection c = idle.pollFirst();
                boolean reused = c != null;
                if (c == null) {
                    c = new Connection(host, port);
                }
                try {
                    c.out.write(request);
                    c.out.flush();
                    Connection.Answer a = c.read(method);
                    if (a.keepAlive()) {
                        idle.offerFirst(c);
                    } else {
                        c.close();
                    }
                    return a.reply();
                } catch (StaleConnection e) {
                    c.close();
                    if (!reused) {
                        throw new EOFException("the server closed a new connection without answering");
                    }
                } catch (IOException | RuntimeException e) {
                    c.close();
                    throw e;
                }
            }
        }
    }

    /** The server closed a kept-alive connection before answering: the request never reached it. */
    static final class StaleConnection extends IOException {
        StaleConnection() {
            super("stale connection");
        }
    }

    static final class Connection {
        private final Socket socket;
        private final InputStream in;
        private final OutputStream out;

        Connection(String host, int port) throws IOException {
            socket = new Socket();
            socket.setTcpNoDelay(true);
            socket.setSoTimeout(30_000);
            socket.connect(new InetSocketAddress(host, port), 5_000);
            in = new BufferedInputStream(socket.getInputStream(), 16 * 1024);
            out = socket.getOutputStream();
        }

        record Answer(Reply reply, boolean keepAlive) {
        }

        Answer read(String method) throws IOException {
            String status;
            try {
                status = line(true);
            } catch (java.net.SocketException reset) {
                throw new StaleConnection();
            }
            if (status == null) {
                throw new StaleConnection();
            }
            if (status.length() < 12 || !status.startsWith("HTTP/1.")) {
                throw new IOException("not an HTTP status line: " + status);
            }
            int code = Integer.parseInt(status.substring(9, 12));
            boolean keepAlive = status.startsWith("HTTP/1.1");
            long length = -1;
            boolean chunked = false;
            String serverTiming = null;
            for (String h = line(false); !h.isEmpty(); h = line(false)) {
                int colon = h.indexOf(':');
                if (colon <= 0) {
                    continue;
                }
                String name = h.substring(0, colon).trim();
                String value = h.substring(colon + 1).trim();
                if (name.equalsIgnoreCase("Content-Length")) {
                    length = Long.parseLong(value);
                } else if (name.equalsIgnoreCase("Transfer-Encoding")) {
                    chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
                } else if (name.equalsIgnoreCase("Connection")) {
                    String v = value.toLowerCase(Locale.ROOT);
                    keepAlive = v.contains("keep-alive") || keepAlive && !v.contains("close");
                } else if (name.equalsIgnoreCase("Server-Timing")) {
                    serverTiming = serverTiming == null ? value : serverTiming + ", " + value;
                }
            }
            byte[] body;
            if (method.equals("HEAD") || code == 204 || code == 304 || code / 100 == 1) {
                body = new byte[0];
            } else if (chunked) {
                body = chunkedBody();
            } else if (length >= 0) {
                body = in.readNBytes((int) length);
                if (body.length < length) {
                    throw new EOFException("body cut short");
                }
            } else {
                body = in.readAllBytes();
                keepAlive = false;
            }
            return new Answer(new Reply(code, serverTiming, body), keepAlive);
        }

        private byte[] chunkedBody() throws IOException {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            while (true) {
                String size = line(false);
                int semi = size.indexOf(';');
                int n = Integer.parseInt((semi >= 0 ? size.substring(0, semi) : size).trim(), 16);
                if (n == 0) {
                    while (!line(false).isEmpty()) {
                        // trailers, ignored
                    }
                    return body.toByteArray();
                }
                byte[] chunk = in.readNBytes(n);
                if (chunk.length < n) {
                    throw new EOFException("chunk cut short");
                }
                body.write(chunk);
                line(false);
            }
        }

        /** A header line without its CRLF; null at end of stream before any byte when {@code first}. */
        private String line(boolean first) throws IOException {
            StringBuilder s = new StringBuilder(64);
            while (true) {
                int b = in.read();
                if (b < 0) {
                    if (first && s.length() == 0) {
                        return null;
                    }
                    throw new EOFException("connection closed inside the header");
                }
                if (b == '\n') {
                    int end = s.length();
                    if (end > 0 && s.charAt(end - 1) == '\r') {
                        s.setLength(end - 1);
                    }
                    return s.toString();
                }
                s.append((char) b);
            }
        }

        void close() {
            try {
                socket.close();
            } catch (IOException ignored) {
                // nothing to do about a socket that does not close
            }
        }
    }

    /** The JDK's client, for cross-checking the figures of the raw one. */
    static final class JdkClient implements Client {
        private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        private final String base;

        JdkClient(URI base) {
            String b = base.toString();
            this.base = b.endsWith("/") ? b.substring(0, b.length() - 1) : b;
        }

        @Override
        public Reply send(String method, String target, String headerName, String headerValue, byte[] body) throws IOException {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + target)).timeout(Duration.ofSeconds(30))
                    .header("Accept", "application/json")
                    .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
            if (body != null) {
                b.header("Content-Type", "application/json");
            }
            if (headerName != null) {
                b.header(headerName, headerValue);
            }
            try {
                HttpResponse<byte[]> r = client.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
                List<String> timing = r.headers().allValues("server-timing");
                return new Reply(r.statusCode(), timing.isEmpty() ? null : String.join(", ", timing), r.body());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
        }
    }

    // ------------------------------------------------------------------------------ bookkeeping

    /** Created orderRefs, queried round-robin. */
    static final class OrderPool {
        private final AtomicReferenceArray<String> refs;
        private final AtomicInteger size = new AtomicInteger();
        private final AtomicInteger published = new AtomicInteger();
        private final AtomicLong next = new AtomicLong();

        OrderPool(int capacity) {
            refs = new AtomicReferenceArray<>(capacity);
        }

        void add(String ref) {
            int i = size.getAndIncrement();
            if (i < refs.length()) {
                refs.set(i, ref);
                published.accumulateAndGet(i + 1, Math::max);
            }
        }

        int size() {
            return Math.min(size.get(), refs.length());
        }

        String next() {
            int n = published.get();
            for (int attempt = 0; attempt < 8 && n > 0; attempt++) {
                String ref = refs.get((int) (next.getAndIncrement() % n));
                if (ref != null) {
                    return ref;
                }
            }
            return null;
        }
    }

    /** Successes with their latencies, and errors with a few samples; one per thread, merged after. */
    static final class Tally {
        long ok;
        long errors;
        long[] latencies = new long[1024];
        final List<String> samples = new ArrayList<>();

        synchronized void ok(long nanos) {
            if (ok == latencies.length) {
                latencies = Arrays.copyOf(latencies, latencies.length * 2);
            }
            latencies[(int) ok++] = nanos;
        }

        synchronized void error(String what) {
            errors++;
            if (samples.size() < 5) {
                samples.add(what);
            }
        }

        synchronized void merge(Tally other) {
            synchronized (other) {
                for (int i = 0; i < other.ok; i++) {
                    ok(other.latencies[i]);
                }
                errors += other.errors;
                for (String s : other.samples) {
                    if (samples.size() < 5) {
                        samples.add(s);
                    }
                }
            }
        }
    }

    record Block(Tally tally, long elapsedNanos, Cpu before, Cpu after) {
        double rate() {
            return tally.ok / (elapsedNanos / 1e9);
        }

        double serverCpuMsPerOp() {
            return tally.ok == 0 ? Double.NaN : (after.serverTicks - before.serverTicks) * Cpu.MS_PER_TICK / tally.ok;
        }
    }

    static final class KindStats {
        final List<Block> blocks = new ArrayList<>();
        final Tally all = new Tally();

        void add(Block b) {
            blocks.add(b);
            all.merge(b.tally);
        }

        double[] rates() {
            return blocks.stream().mapToDouble(Block::rate).sorted().toArray();
        }

        double median() {
            return Bench.median(rates());
        }

        /** CPU milliseconds per successful operation of the server (or, for in-process work, this JVM). */
        double cpuMsPerOp(boolean server) {
            double ticks = 0;
            for (Block b : blocks) {
                ticks += server ? b.after.serverTicks - b.before.serverTicks : b.after.selfTicks - b.before.selfTicks;
            }
            return all.ok == 0 ? Double.NaN : ticks * Cpu.MS_PER_TICK / all.ok;
        }

        /** Mean share of the machine's CPU used by processes other than the server and this harness. */
        double othersShare() {
            double sum = 0;
            for (Block b : blocks) {
                sum += b.after.othersShareSince(b.before);
            }
            return blocks.isEmpty() ? Double.NaN : sum / blocks.size();
        }
    }

    static final class OpenRun {
        final Kind kind;
        final double rate;
        final long[] lateNanos;
        final long[] clientNanos;
        final double[] brokerMs;
        final double[] companyMs;
        final List<Tally> allTallies = new ArrayList<>();
        final ThreadLocal<Tally> tallies = ThreadLocal.withInitial(() -> {
            Tally t = new Tally();
            synchronized (allTallies) {
                allTallies.add(t);
            }
            return t;
        });
        long elapsedNanos;

        OpenRun(Kind kind, double rate, int n) {
            this.kind = kind;
            this.rate = rate;
            lateNanos = new long[n];
            clientNanos = new long[n];
            brokerMs = new double[n];
            companyMs = new double[n];
        }

        Tally total() {
            Tally t = new Tally();
            synchronized (allTallies) {
                allTallies.forEach(t::merge);
            }
            return t;
        }
    }

    /** CPU time of the server process, of this JVM, and of the whole machine, from /proc. */
    record Cpu(long serverTicks, long selfTicks, long machineBusy, long machineTotal) {
        static final double MS_PER_TICK = 1000.0 / ticksPerSecond();

        static Cpu now(long pid) {
            long[] machine = machine();
            return new Cpu(pid > 0 ? processTicks("/proc/" + pid + "/stat") : 0, processTicks("/proc/self/stat"),
                    machine[0], machine[1]);
        }

        double othersShareSince(Cpu before) {
            long total = machineTotal - before.machineTotal;
            long others = (machineBusy - before.machineBusy) - (serverTicks - before.serverTicks) - (selfTicks - before.selfTicks);
            return total <= 0 ? Double.NaN : Math.max(0, (double) others / total);
        }

        private static long processTicks(String statFile) {
            try {
                String stat = Files.readString(Path.of(statFile));
                // Fields after the command name, which is in parentheses and may contain spaces.
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                return Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime, stime
            } catch (IOException | RuntimeException e) {
                return 0;
            }
        }

        private static long[] machine() {
            try {
                String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
                long total = 0;
                for (int i = 1; i <= 8 && i < f.length; i++) {
                    total += Long.parseLong(f[i]);
                }
                long idle = Long.parseLong(f[4]) + Long.parseLong(f[5]);
                return new long[] {total - idle, total};
            } catch (IOException | RuntimeException e) {
                return new long[] {0, 0};
            }
        }

        private static long ticksPerSecond() {
            try {
                Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
                p.waitFor();
                return Long.parseLong(out);
            } catch (IOException | RuntimeException e) {
                return 100;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return 100;
            }
        }
    }

    /** The server's resident set: sampled under load, and the kernel's high-water mark. */
    static final class RssSampler {
        private final long pid;
        private volatile boolean running;
        private volatile long maxRssKb;
        private long startRssKb;
        private Thread thread;

        RssSampler(long pid) {
            this.pid = pid;
        }

        void start() {
            if (pid <= 0) {
                return;
            }
            startRssKb = read("VmRSS");
            running = true;
            thread = new Thread(() -> {
                while (running) {
                    maxRssKb = Math.max(maxRssKb, read("VmRSS"));
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(200));
                }
            }, "rss");
            thread.setDaemon(true);
            thread.start();
        }

        void stop() throws InterruptedException {
            running = false;
            if (thread != null) {
                thread.join();
            }
        }

        long read(String field) {
            try {
                for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                    if (line.startsWith(field + ":")) {
                        return Long.parseLong(line.replaceAll("[^0-9]", ""));
                    }
                }
            } catch (IOException | RuntimeException e) {
                // the process is gone; report what was seen
            }
            return 0;
        }
    }

    // ------------------------------------------------------------------------------ the report

    private boolean tooManyErrors() {
        for (KindStats s : stats.values()) {
            if (errorRate(s.all) > maxErrorRate) {
                return true;
            }
        }
        for (OpenRun r : openRuns.values()) {
            if (errorRate(r.total()) > maxErrorRate) {
                return true;
            }
        }
        return false;
    }

    private static double errorRate(Tally t) {
        long n = t.ok + t.errors;
        return n == 0 ? 0 : (double) t.errors / n;
    }

    private String report(String loadBefore, String loadAfter) {
        StringBuilder out = new StringBuilder();
        Fmt f = new Fmt(out);
        f.line("");
        f.line("== cbec benchmark summary ==");
        f.line("when: %s; machine: %d CPUs; load average before %s, after %s",
                ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")),
                Runtime.getRuntime().availableProcessors(), loadBefore, loadAfter);
        f.line("server: %s (pid %s); client: %s; Java %s", base, serverPid > 0 ? serverPid : "?",
                http instanceof RawClient ? "raw HTTP/1.1 keep-alive" : "java.net.http", System.getProperty("java.version"));
        f.line("closed model: concurrency %d (threads for HTTP and floor alike), %d rounds of %d-s blocks, warm-up %d s%s",
                concurrency, rounds, blockSeconds, warmupSeconds, quick ? " (QUICK mode: figures are rough)" : "");
        f.line("");
        f.line("%-13s %9s %9s %9s %8s %8s %8s %10s %10s %7s", "operation", "min/s", "median/s", "max/s", "errors",
                "p50 ms", "p99 ms", "srv CPU", "bench CPU", "others");
        f.line("%-13s %9s %9s %9s %8s %8s %8s %10s %10s %7s", "", "", "", "", "", "", "", "ms/op", "ms/op", "CPU %");
        for (Kind k : Kind.values()) {
            KindStats s = stats.get(k);
            double[] r = s.rates();
            long[] lat = Arrays.copyOf(s.all.latencies, (int) s.all.ok);
            Arrays.sort(lat);
            f.line("%-13s %9.1f %9.1f %9.1f %8d %8.2f %8.2f %10s %10.2f %6.1f%%", k.label, r.length == 0 ? 0 : r[0], median(r),
                    r.length == 0 ? 0 : r[r.length - 1], s.all.errors, percentile(lat, 0.50) / 1e6, percentile(lat, 0.99) / 1e6,
                    k.inProcess() ? "-" : String.format(Locale.ROOT, "%.2f", s.cpuMsPerOp(true)), s.cpuMsPerOp(false),
                    s.othersShare() * 100);
        }
        f.line("(req/s over the blocks; p50/p99 client latency at saturation; CPU ms/op from /proc; 'others' = CPU of");
        f.line(" other processes on the machine during those blocks, as %% of all CPUs: high means a disturbed figure)");
        f.line("crypto floor: %s", calibration);
        double others = stats.values().stream().filter(st -> !st.blocks.isEmpty()).mapToDouble(KindStats::othersShare)
                .average().orElse(0);
        if (others > 0.10) {
            f.line("WARNING: other processes used %.0f%% of the machine's CPU during the blocks (mean): the figures are"
                    + " disturbed; run again on a quiet machine", others * 100);
        }
        f.line("");
        f.line("%-44s %8s %10s  %s", "ratio (medians)", "value", "target", "");
        ratio(f, "create / floor-create", Kind.CREATE, Kind.FLOOR_CREATE, 0.6);
        ratio(f, "query / floor-query", Kind.QUERY, Kind.FLOOR_QUERY, 0.6);
        ratio(f, "cart / ping", Kind.CART, Kind.PING, 0.3);
        f.line("");
        f.line("broker's own time (Server-Timing broker;dur), open model at %.0f%% of the saturation rate:", openLoad * 100);
        for (OpenRun run : openRuns.values()) {
            double[] broker = Arrays.stream(run.brokerMs).filter(d -> !Double.isNaN(d)).sorted().toArray();
            double[] company = Arrays.stream(run.companyMs).filter(d -> !Double.isNaN(d)).sorted().toArray();
            long[] client = run.clientNanos.clone();
            Arrays.sort(client);
            long late = Arrays.stream(run.lateNanos).filter(l -> l > TimeUnit.MILLISECONDS.toNanos(1)).count();
            long maxLate = Arrays.stream(run.lateNanos).max().orElse(0);
            Tally t = run.total();
            double p99 = percentile(broker, 0.99);
            f.line("  %-6s %6.1f req/s x %d s: n=%d, errors %d; broker p50 %.2f ms, p99 %.2f ms [target p99 <= 4 ms: %s]",
                    run.kind.label, run.rate, openSeconds, run.lateNanos.length, t.errors, percentile(broker, 0.5), p99,
                    run.kind == Kind.CREATE ? verdict(p99 <= 4.0) : verdict(p99 <= 4.0) + ", informative");
            f.line("  %-6s company p50 %.2f ms, p99 %.2f ms; client (from scheduled start) p50 %.2f ms, p99 %.2f ms;"
                    + " arrivals late >1 ms: %d (max %.1f ms)", "", percentile(company, 0.5), percentile(company, 0.99),
                    percentile(client, 0.5) / 1e6, percentile(client, 0.99) / 1e6, late, maxLate / 1e6);
        }
        f.line("");
        double[] app = seconds(option("startup-app", "BENCH_STARTUP_APP", ""));
        double[] empty = seconds(option("startup-empty", "BENCH_STARTUP_EMPTY", ""));
        if (app.length > 0 && empty.length > 0) {
            double a = median(app);
            double e = median(empty);
            f.line("startup to ready: app %.1f s (samples %s), empty Payara Micro %.1f s (samples %s): %.2fx"
                    + " [target <= 1.5x: %s]", a, Arrays.toString(app), e, Arrays.toString(empty), a / e, verdict(a / e <= 1.5));
        } else {
            f.line("startup to ready: not measured (give --startup-app and --startup-empty)");
        }
        if (serverPid > 0) {
            long hwm = rss.read("VmHWM");
            long peak = Math.max(hwm, rss.maxRssKb);
            f.line("peak RSS: %.0f MB (VmHWM; sampled VmRSS under load up to %.0f MB, %.0f MB before the load)"
                    + " [target <= 768 MB: %s]", peak / 1024.0, rss.maxRssKb / 1024.0, rss.startRssKb / 1024.0,
                    verdict(peak / 1024.0 <= 768));
        } else {
            f.line("peak RSS: not measured (give --pid)");
        }
        f.line("");
        List<String> samples = new ArrayList<>();
        long warmErrors = warmupTally.errors;
        stats.values().forEach(s -> samples.addAll(s.all.samples));
        openRuns.values().forEach(r -> samples.addAll(r.total().samples));
        f.line("errors: %s (warm-up and seeding: %d)%s", tooManyErrors()
                ? "MORE THAN " + (maxErrorRate * 100) + "% of some kind: the run FAILED" : "within " + (maxErrorRate * 100) + "%",
                warmErrors, samples.isEmpty() && warmupTally.samples.isEmpty() ? "" : "; first ones:");
        samples.addAll(warmupTally.samples);
        samples.stream().limit(10).forEach(s -> f.line("  %s", s));
        return out.toString();
    }

    private void ratio(Fmt f, String name, Kind of, Kind to, double target) {
        double v = stats.get(of).median() / stats.get(to).median();
        f.line("%-44s %8.2f %10s  %s", name, v, ">= " + target, verdict(v >= target));
    }

    private static String verdict(boolean met) {
        return met ? "MET" : "MISSED";
    }

    private static double[] seconds(String list) {
        return Arrays.stream(list.trim().split("[ ,]+")).filter(s -> !s.isEmpty()).mapToDouble(Double::parseDouble).toArray();
    }

    static double median(double[] sorted) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        double[] s = sorted.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    /** Nearest-rank percentile of sorted values. */
    static double percentile(double[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        return sorted[Math.max(0, (int) Math.ceil(q * sorted.length) - 1)];
    }

    static double percentile(long[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        return sorted[Math.max(0, (int) Math.ceil(q * sorted.length) - 1)];
    }

    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException e) {
            return "?";
        }
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    private static void log(String format, Object... args) {
        System.err.println("bench: " + String.format(Locale.ROOT, format, args));
    }

    /** printf into the report, one line at a time, with the root locale's decimal point. */
    record Fmt(StringBuilder out) {
        void line(String format, Object... args) {
            out.append(String.format(Locale.ROOT, format, args)).append('\n');
        }
    }

    static {
        // Fail fast on a missing /proc rather than printing zeros as figures.
        if (!Files.isDirectory(Path.of("/proc/self"))) {
            throw new UncheckedIOException(new IOException("the benchmark needs Linux's /proc"));
        }
    }
}
