package org.cbec.sandbox.admin;

import jakarta.json.JsonObject;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.cbec.sandbox.books.BillRules;
import org.cbec.sandbox.books.Companies;
import org.cbec.sandbox.books.Fees;
import org.cbec.sandbox.books.PayoutRules;
import org.cbec.sandbox.books.Payouts;
import org.cbec.sandbox.books.RequestLog;
import org.cbec.sandbox.codec.Bodies;
import org.cbec.sandbox.codec.JsonText;
import org.cbec.sandbox.codec.Members;
import org.cbec.sandbox.codec.PlainText;
import org.cbec.sandbox.codec.Utf8;
import org.cbec.sandbox.entity.BillDifference;
import org.cbec.sandbox.faults.Fault;
import org.cbec.sandbox.faults.Latency;

/**
 * The admin API's requests, read and checked: each failure is an {@link AdminRefusal} naming the
 * field. Bodies are read as bytes (so an unknown charset in the Content-Type cannot become a 500)
 * and parsed strictly as one JSON object.
 */
final class AdminRequests {

    /** A merchant's name at a company: 1 to 64 letters, digits, {@code _ . -}, starting with a letter or digit. */
    static final Pattern MERCHANT = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.\\-]{0,63}");

    record Payer(String name, String idNumber) {

        @Override
        public String toString() {
            return "Payer[…]";
        }
    }

    record CustomsDecision(String state, String explanation, String subOrderNo) {
    }

    private static final Set<String> DECISIONS = Set.of("SUCCESS", "FAIL", "EXCEPT");

    private AdminRequests() {
    }

    static String paymentMethod(String paymentMethod) {
        if (!Companies.ALL.contains(paymentMethod)) {
            throw new AdminRefusal(404, "no payment company by this name: alphapay or betapay", "paymentMethod");
        }
        return paymentMethod;
    }

    /**
     * An account to open: under the merchant's name, with its company's fee rate (a percentage, two
     * places; 0 by default) and settlement cycle (0 to 30 days; 0 by default).
     */
    record ToOpen(String merchant, BigDecimal feeRate, int settlementDays) {
    }

    static ToOpen toOpen(byte[] body, String contentType) {
        JsonObject o = object(body, contentType, false);
        String merchant = read("merchant", () -> Members.text(o, "merchant", 64));
        if (!MERCHANT.matcher(merchant).matches()) {
            throw new AdminRefusal(400, "merchant must be 1 to 64 letters, digits, '_', '.' or '-', starting with a letter or digit",
                    "merchant");
        }
        BigDecimal feeRate = read("feeRate", () -> Members.optionalText(o, "feeRate", 5)).map(t -> Fees.rate(t)
                .orElseThrow(() -> new AdminRefusal(400, "feeRate must be a percentage from 0 to 99.99 with at most two places, e.g."
                        + " \"0.60\"", "feeRate"))).orElse(BigDecimal.ZERO.setScale(2));
        int settlementDays = o.containsKey("settlementDays") ? (int) (long) read("settlementDays", () -> Members.integer(o, "settlementDays", 0, 30))
                : 0;
        return new ToOpen(merchant, feeRate, settlementDays);
    }

    /** Whether a path's merchant name could name an account at all (else: no such account, no lookup). */
    static boolean couldBeMerchant(String merchant) {
        return merchant != null && MERCHANT.matcher(merchant).matches();
    }

    static boolean couldBeOrderRef(String orderRef) {
        return PlainText.isPlain(orderRef, 64);
    }

    static Optional<Payer> payer(byte[] body, String contentType) {
        return payer(object(body, contentType, true));
    }

    private static Optional<Payer> payer(JsonObject o) {
        Optional<String> name = read("payerName", () -> Members.optionalText(o, "payerName", 64));
        Optional<String> id = read("payerIdNumber", () -> Members.optionalText(o, "payerIdNumber", 32));
        if (name.isPresent() != id.isPresent()) {
            String missing = name.isEmpty() ? "payerName" : "payerIdNumber";
            throw new AdminRefusal(400, "payerName and payerIdNumber go together", missing);
        }
        return name.map(n -> new Payer(n, id.get()));
    }

    /** A payment by the payer: who paid, if told, and when it was paid at the company. */
    record Payment(Optional<Payer> payer, OffsetDateTime paidAt, boolean callback) {
    }

    /**
     * The body of the pay helper: {@code payerName} and {@code payerIdNumber} (together or not at
     * all), {@code paidAt}, by default {@code now}, and {@code callback}, by default true (false: the
     * company's callback of the payment is lost, as a test of what the broker does without it
     * arranges); an empty body is all defaults.
     */
    static Payment payment(byte[] body, String contentType, OffsetDateTime now) {
        JsonObject o = object(body, contentType, true);
        return new Payment(payer(o), paidAt(o, now), read("callback", () -> Members.optionalBoolean(o, "callback")).orElse(true));
    }

    /** A payment made at the company itself, never seen by the broker. */
    record DirectPayment(String orderRef, long amount, OffsetDateTime paidAt) {
    }

    /** Many payments made at the company itself: orders {@code prefix1} … {@code prefixN}, each of {@code amount}, paid a millisecond apart from {@code paidAt}. */
    record DirectPayments(String prefix, int count, long amount, OffsetDateTime paidAt) {
    }

    /** The most payments one bulk request makes: a large merchant's day. */
    static final int MAX_BULK = 500_000;

    /** {@code {"prefix", "count", "amount": <fen>, "paidAt": <ISO-8601 with offset, optional>}}; the order refs must fit out_trade_no. */
    static DirectPayments directPayments(byte[] body, String contentType, OffsetDateTime now) {
        JsonObject o = object(body, contentType, false);
        String prefix = read("prefix", () -> Members.optionalText(o, "prefix", 24)).orElse(null);
        if (prefix == null || !ORDER_REF.matcher(prefix + "0").matches() || prefix.length() > 24) {
            throw new AdminRefusal(400, "prefix must be 1 to 24 letters, digits, '_', '-', '|' or '*'", "prefix");
        }
        int count = (int) (long) read("count", () -> Members.integer(o, "count", 1, MAX_BULK));
        long amount = read("amount", () -> Members.integer(o, "amount", 1, MAX_FEN));
        return new DirectPayments(prefix, count, amount, paidAt(o, now));
    }

    /** An out_trade_no as both companies take it. */
    static final Pattern ORDER_REF = Pattern.compile("[A-Za-z0-9_\\-|*]{1,32}");
    /** The most an order may be, in fen, as both companies take it. */
    static final long MAX_FEN = 1_000_000_000_000L;

    /** {@code {"orderRef", "amount": <fen>, "paidAt": <ISO-8601 with offset, optional>}}. */
    static DirectPayment directPayment(byte[] body, String contentType, OffsetDateTime now) {
        JsonObject o = object(body, contentType, false);
        String orderRef = read("orderRef", () -> Members.optionalText(o, "orderRef", 64)).orElse(null);
        if (orderRef == null || !ORDER_REF.matcher(orderRef).matches()) {
            throw new AdminRefusal(400, "orderRef must be 1 to 32 letters, digits, '_', '-', '|' or '*'", "orderRef");
        }
        long amount = read("amount", () -> Members.integer(o, "amount", 1, MAX_FEN));
        return new DirectPayment(orderRef, amount, paidAt(o, now));
    }

    /** The longest ago a payment may be made: ten years, as far as an order is aged. */
    static final long MAX_PAID_DAYS_AGO = 3650;

    /** {@code paidAt}: an ISO-8601 time with its offset, not to come and not more than ten years ago; {@code now} when absent. */
    private static OffsetDateTime paidAt(JsonObject o, OffsetDateTime now) {
        Optional<String> text = read("paidAt", () -> Members.optionalText(o, "paidAt", 40));
        if (text.isEmpty()) {
            return now;
        }
        OffsetDateTime paidAt;
        try {
            paidAt = OffsetDateTime.parse(text.get()).truncatedTo(ChronoUnit.MILLIS);
        } catch (DateTimeParseException e) {
            throw new AdminRefusal(400, "paidAt must be a time with its offset, e.g. 2026-11-26T23:59:59+08:00", "paidAt");
        }
        if (paidAt.isAfter(now)) {
            throw new AdminRefusal(400, "paidAt must not be in the future", "paidAt");
        }
        if (paidAt.isBefore(now.minusDays(MAX_PAID_DAYS_AGO))) {
            throw new AdminRefusal(400, "paidAt must be within the last " + MAX_PAID_DAYS_AGO + " days", "paidAt");
        }
        return paidAt;
    }

    /**
     * A difference to arrange in an account's bills: {@code {"kind", "reference", "seconds"}}, checked
     * by the books' rules, the refusal naming the field.
     */
    static BillRules.Difference billDifference(byte[] body, String contentType) {
        JsonObject o = object(body, contentType, false);
        String kind = read("kind", () -> Members.optionalText(o, "kind", 24)).orElse("");
        BillDifference.Kind parsed;
        try {
            parsed = BillDifference.Kind.valueOf(kind);
        } catch (IllegalArgumentException e) {
            throw new AdminRefusal(400, "kind must be AMOUNT_PLUS_ONE_FEN, OMIT, SHIFT_SECONDS or WRONG_HASH", "kind");
        }
        String reference = read("reference", () -> Members.optionalText(o, "reference", 64)).orElse(null);
        Integer seconds = read("seconds", () -> Members.optionalInteger(o, "seconds", -BillRules.MAX_SHIFT_SECONDS,
                BillRules.MAX_SHIFT_SECONDS)).map(Long::intValue).orElse(null);
        BillRules.Difference d = new BillRules.Difference(parsed, reference, seconds);
        BillRules.check(d).ifPresent(p -> {
            throw new AdminRefusal(400, p.message(), p.field());
        });
        return d;
    }

    static Fault fault(byte[] body, String contentType) {
        return fault(body, contentType, RequestLog.KINDS);
    }

    /** A fault whose {@code kind}, when named, is one of {@code kinds} (a company's request log kinds, or the window's). */
    static Fault fault(byte[] body, String contentType, Set<String> kinds) {
        return fault(object(body, contentType, false), "", kinds);
    }

    /** One fault, and the one after it ({@code then}, its fields named {@code then.mode} … in a refusal). */
    private static Fault fault(JsonObject o, String prefix, Set<String> kinds) {
        String mode = read(prefix + "mode", () -> Members.optionalText(o, "mode", 16)).orElse("");
        Fault.Mode parsed;
        try {
            parsed = Fault.Mode.valueOf(mode);
        } catch (IllegalArgumentException e) {
            throw new AdminRefusal(400, prefix + "mode must be TIMEOUT, ERROR, SLOW, HOLD, BAD_SIGNATURE or REFUSE", prefix + "mode");
        }
        int status = read(prefix + "status", () -> Members.optionalInteger(o, "status", 400, 599)).orElse(parsed == Fault.Mode.REFUSE ? 400L : 500L)
                .intValue();
        long latency = read(prefix + "latencyMs", () -> Members.optionalInteger(o, "latencyMs", 0, 120_000)).orElse(0L);
        String orderRef = read(prefix + "orderRef", () -> Members.optionalText(o, "orderRef", 64)).orElse(null);
        Integer count = read(prefix + "count", () -> Members.optionalInteger(o, "count", 1, 1_000_000)).map(Long::intValue).orElse(null);
        if (parsed == Fault.Mode.HOLD && latency == 0) {
            throw new AdminRefusal(400, "a HOLD needs " + prefix + "latencyMs, the longest it may stall", prefix + "latencyMs");
        }
        String code = read(prefix + "code", () -> Members.optionalText(o, "code", 64)).orElse(null);
        if (parsed == Fault.Mode.REFUSE && code == null) {
            throw new AdminRefusal(400, "a REFUSE needs " + prefix + "code, the company error code it answers", prefix + "code");
        }
        boolean afterWork = read(prefix + "afterWork", () -> Members.optionalBoolean(o, "afterWork")).orElse(false);
        String kind = read(prefix + "kind", () -> Members.optionalText(o, "kind", 24)).orElse(null);
        if (kind != null && !kinds.contains(kind)) {
            throw new AdminRefusal(400, prefix + "kind must be one of " + String.join(", ", kinds.stream().sorted().toList()), prefix + "kind");
        }
        Fault then = null;
        if (o.containsKey("then")) {
            if (!prefix.isEmpty() || o.get("then").getValueType() != jakarta.json.JsonValue.ValueType.OBJECT) {
                throw new AdminRefusal(400, prefix + "then must be one fault, with no then of its own", prefix + "then");
            }
            if (count == null) {
                throw new AdminRefusal(400, "a fault with then needs count, the calls before the next one takes its place", "count");
            }
            then = fault(o.getJsonObject("then"), "then.", kinds);
            if (then.mode() == Fault.Mode.HOLD) {
                throw new AdminRefusal(400, "then.mode cannot be HOLD (deleting the faults releases only a HOLD set first)", "then.mode");
            }
        }
        return new Fault(parsed, status, latency, orderRef, count == null ? null : new AtomicInteger(count), code, afterWork, kind, then);
    }

    /**
     * A company's latency: {@code {"distribution": "NONE" | "FIXED" | "LOGNORMAL", "p50Ms", "p99Ms"}}
     * ({@link Latency#check}), the refusal naming the field.
     */
    static Latency latency(byte[] body, String contentType) {
        JsonObject o = object(body, contentType, false);
        String distribution = read("distribution", () -> Members.optionalText(o, "distribution", 16)).orElse("");
        Latency.Distribution parsed;
        try {
            parsed = Latency.Distribution.valueOf(distribution);
        } catch (IllegalArgumentException e) {
            throw new AdminRefusal(400, "distribution must be NONE, FIXED or LOGNORMAL", "distribution");
        }
        long p50 = read("p50Ms", () -> Members.optionalInteger(o, "p50Ms", 0, Latency.MAX_MS)).orElse(0L);
        Long p99 = read("p99Ms", () -> Members.optionalInteger(o, "p99Ms", 0, Latency.MAX_MS)).orElse(null);
        Latency.check(parsed, p50, p99).ifPresent(p -> {
            throw new AdminRefusal(400, p, p.substring(0, p.indexOf(':')));
        });
        return Latency.of(parsed, p50, p99);
    }

    static CustomsDecision decision(byte[] body, String contentType) {
        JsonObject o = object(body, contentType, false);
        String state = read("state", () -> Members.optionalText(o, "state", 16)).orElse("");
        if (!DECISIONS.contains(state)) {
            throw new AdminRefusal(400, "state must be SUCCESS, FAIL or EXCEPT", "state");
        }
        String explanation = read("explanation", () -> Members.optionalText(o, "explanation", 256)).orElse(null);
        String subOrderNo = read("subOrderNo", () -> Members.optionalText(o, "subOrderNo", 64)).orElse(null);
        return new CustomsDecision(state, explanation, subOrderNo);
    }

    private static final Set<String> REFUND_OUTCOMES = Set.of("SUCCESS", "ABNORMAL", "CLOSED");

    /** How an order's alphapay refunds are to end: {@code {"state": "SUCCESS" | "ABNORMAL" | "CLOSED"}}. */
    static String refundOutcome(byte[] body, String contentType) {
        JsonObject o = object(body, contentType, false);
        String state = read("state", () -> Members.optionalText(o, "state", 16)).orElse("");
        if (!REFUND_OUTCOMES.contains(state)) {
            throw new AdminRefusal(400, "state must be SUCCESS, ABNORMAL or CLOSED", "state");
        }
        return state;
    }

    /** Whether a path's receiver account could name a registered receiver at all (else: none, no lookup). */
    static boolean couldBeReceiverAccount(String account) {
        return PlainText.isPlain(account, 64);
    }

    /** Why a receiver's next parts are to end CLOSED: {@code {"reason": "…"}}, 1 to 256 characters. */
    static String failureReason(byte[] body, String contentType) {
        JsonObject o = object(body, contentType, false);
        return read("reason", () -> Members.text(o, "reason", 256));
    }

    /** A customs code: 10 digits and capital letters. */
    static final Pattern CUSTOMS_CODE = Pattern.compile("[0-9A-Z]{10}");

    /** An enterprise to register at the window: {@code {"copCode", "copName"}} (the name by default the code). */
    record ToRegister(String copCode, String copName) {
    }

    static ToRegister toRegister(byte[] body, String contentType) {
        JsonObject o = object(body, contentType, false);
        String code = customsCode(o, "copCode");
        String name = read("copName", () -> Members.optionalText(o, "copName", 100)).orElse(code);
        return new ToRegister(code, name);
    }

    /** A waybill a logistics company declares: {@code {"ebpCode", "orderNo", "logisticsCode", "logisticsNo"}}. */
    record Waybill(String ebpCode, String orderNo, String logisticsCode, String logisticsNo) {
    }

    static Waybill waybill(byte[] body, String contentType) {
        JsonObject o = object(body, contentType, false);
        return new Waybill(customsCode(o, "ebpCode"), read("orderNo", () -> Members.text(o, "orderNo", 60)), customsCode(o, "logisticsCode"),
                read("logisticsNo", () -> Members.text(o, "logisticsNo", 60)));
    }

    /** Customs' delay for each decision: {@code {"ms": N}}, 0 to 600000. */
    static long windowDelay(byte[] body, String contentType) {
        JsonObject o = object(body, contentType, false);
        return read("ms", () -> Members.integer(o, "ms", 0, 600_000));
    }

    static boolean couldBeCustomsCode(String code) {
        return code != null && CUSTOMS_CODE.matcher(code).matches();
    }

    static boolean couldBeOrderNo(String orderNo) {
        return PlainText.isPlain(orderNo, 60);
    }

    private static String customsCode(JsonObject o, String name) {
        String code = read(name, () -> Members.text(o, name, 10));
        if (!CUSTOMS_CODE.matcher(code).matches()) {
            throw new AdminRefusal(400, name + " must be a 10-character customs code (digits and capital letters)", name);
        }
        return code;
    }

    /** How many days to move an order's times back: {@code {"days": N}}, 1 to 3650. */
    static long days(byte[] body, String contentType) {
        JsonObject o = object(body, contentType, false);
        return read("days", () -> Members.integer(o, "days", 1, 3650));
    }

    /** A plain decimal as the admin API takes rates and percentages: digits, optionally a point and more digits. */
    private static final Pattern DECIMAL = Pattern.compile("[0-9]{1,12}(\\.[0-9]{1,12})?");

    /**
     * A company's payout terms for one currency: {@code {"currency","rate","rateDate","feeFixed",
     * "feePercent","paidAfterSeconds"}}; {@code rate} and {@code feePercent} as decimal strings (or
     * numbers), {@code rateDate} an ISO date, by default {@code today}. Checked by the books' rules,
     * the refusal naming the field.
     */
    static Payouts.Terms payoutTerms(byte[] body, String contentType, LocalDate today) {
        JsonObject o = object(body, contentType, false);
        String currency = read("currency", () -> Members.text(o, "currency", 3));
        BigDecimal rate = decimal(o, "rate");
        LocalDate rateDate = read("rateDate", () -> Members.optionalText(o, "rateDate", 10)).map(text -> {
            try {
                return LocalDate.parse(text);
            } catch (DateTimeParseException e) {
                throw new AdminRefusal(400, "rateDate must be a date, e.g. 2026-11-26", "rateDate");
            }
        }).orElse(today);
        long feeFixed = read("feeFixed", () -> Members.integer(o, "feeFixed", 0, PayoutRules.MAX_FEE_FIXED));
        BigDecimal feePercent = decimal(o, "feePercent");
        long paidAfter = read("paidAfterSeconds", () -> Members.integer(o, "paidAfterSeconds", 0, PayoutRules.MAX_PAID_AFTER_SECONDS));
        Payouts.Terms terms = new Payouts.Terms(currency, rate, rateDate, feeFixed, feePercent, paidAfter);
        PayoutRules.checkTerms(terms).ifPresent(p -> {
            throw new AdminRefusal(400, p.message(), p.field());
        });
        return terms;
    }

    /** A currency named in a query: 3 capital letters. */
    static String currency(String currency) {
        if (currency == null || !currency.matches("[A-Z]{3}")) {
            throw new AdminRefusal(400, "currency must be 3 capital letters, e.g. GBP", "currency");
        }
        return currency;
    }

    private static BigDecimal decimal(JsonObject o, String name) {
        String text = read(name, () -> Members.optionalNumeral(o, name))
                .orElseThrow(() -> new AdminRefusal(400, name + " is required", name));
        if (!DECIMAL.matcher(text).matches()) {
            throw new AdminRefusal(400, name + " must be a plain decimal, e.g. \"9.12345678\"", name);
        }
        return new BigDecimal(text);
    }

    static String kind(String kind) {
        if (kind != null && !RequestLog.KINDS.contains(kind)) {
            throw new AdminRefusal(400, "kind must be one of " + String.join(", ", RequestLog.KINDS.stream().sorted().toList()),
                    "kind");
        }
        return kind;
    }

    static String orderRefFilter(String orderRef) {
        if (orderRef != null && !PlainText.isPlain(orderRef, 64)) {
            throw new AdminRefusal(400, "orderRef must be 1 to 64 characters", "orderRef");
        }
        return orderRef;
    }

    /** The body as one JSON object; an empty body is an empty object when {@code emptyAllowed}. */
    private static JsonObject object(byte[] body, String contentType, boolean emptyAllowed) {
        if (body == null) {
            throw new AdminRefusal(413, "request body larger than " + Bodies.LIMIT / 1024 + " KiB", null);
        }
        if (body.length == 0 && emptyAllowed) {
            return JsonText.object().build();
        }
        if (!isJson(contentType)) {
            throw new AdminRefusal(415, "unsupported media type: send application/json (UTF-8)", null);
        }
        try {
            return JsonText.parseObject(Utf8.decode(body));
        } catch (IllegalArgumentException e) {
            throw new AdminRefusal(400, "malformed request body: expected one JSON object in UTF-8", null);
        }
    }

    private static <T> T read(String field, java.util.function.Supplier<T> read) {
        try {
            return read.get();
        } catch (Members.Invalid e) {
            throw new AdminRefusal(400, e.getMessage(), field);
        }
    }

    /** application/json, in UTF-8 when a charset is named (the body is read as UTF-8 whatever it says). */
    private static boolean isJson(String contentType) {
        if (contentType == null) {
            return false;
        }
        String[] parts = contentType.split(";");
        if (!parts[0].strip().equalsIgnoreCase("application/json")) {
            return false;
        }
        for (int i = 1; i < parts.length; i++) {
            String[] param = parts[i].strip().split("=", 2);
            if (param[0].strip().equalsIgnoreCase("charset")
                    && (param.length < 2 || !param[1].strip().replace("\"", "").equalsIgnoreCase("utf-8"))) {
                return false;
            }
        }
        return true;
    }
}
