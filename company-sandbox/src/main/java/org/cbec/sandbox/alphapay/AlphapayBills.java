package org.cbec.sandbox.alphapay;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;
import org.cbec.sandbox.alphapay.AlphapayOperations.Call;
import org.cbec.sandbox.alphapay.AlphapayOperations.Operation;
import org.cbec.sandbox.books.BillEntry;
import org.cbec.sandbox.books.Bills;
import org.cbec.sandbox.books.Companies;
import org.cbec.sandbox.books.Party;
import org.cbec.sandbox.codec.JsonText;
import org.cbec.sandbox.codec.Members;

/**
 * alphapay's daily bills, as WeChat Pay v3's (docs/companies/alphapay.md, Bills): the trade bill,
 * the fund-flow bill and the profit-sharing bill of a Beijing day, each asked for with a signed GET
 * that answers the file's SHA-1 and a download URL on the company itself, and downloaded with the
 * merchant's signed Authorization. The download's body is the file (gzip when asked), unsigned: the
 * merchant checks it against the hash of the signed answer. The files are written from
 * {@link Bills}' lines, never from anything the broker said.
 *
 * <p>The download URL's token names the bill, its day, its type, gzip or not, and the moment of the
 * ask: the download answers the body kept at the ask, or, when it was not kept, writes the lines up
 * to that moment again, so a partial day (the sandbox's own: the real company publishes a day only
 * the next day) downloads as the file whose hash was answered.
 */
@ApplicationScoped
public class AlphapayBills {

    static final String DOWNLOAD_PATH = "/v3/billdownload/file";

    /** The request log's kinds of a bill's ask and of its download. */
    static final String BILL_KIND = org.cbec.sandbox.books.RequestLog.BILL;
    static final String DOWNLOAD_KIND = org.cbec.sandbox.books.RequestLog.BILL_DOWNLOAD;

    static final String TRADEBILL = "tradebill";
    static final String FUNDFLOWBILL = "fundflowbill";
    static final String PROFITSHARING = "profitsharing";

    /** WeChat's bill files end their lines with CR LF. */
    static final String EOL = "\r\n";

    static final String TRADE_HEADER = "交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,"
            + "付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,"
            + "商户数据包,手续费,费率,订单金额,申请退款金额,费率备注";
    static final String TRADE_SUMMARY_HEADER = "总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额";

    static final String FUND_HEADER = "记账时间,微信支付业务单号,资金流水单号,业务名称,业务类型,收支类型,收支金额（元）,账户结余（元）,"
            + "资金变更提交申请人,备注,业务凭证号";
    static final String FUND_SUMMARY_HEADER = "资金流水总笔数,收入笔数,收入金额,支出笔数,支出金额";

    static final String SHARING_HEADER = "分账完成时间,微信订单号,商户订单号,微信分账单号,商户分账单号,分账方商户号,分账接收方类型,"
            + "分账接收方账号,分账金额（元）,货币种类,业务类型,处理状态,分账描述";
    static final String SHARING_SUMMARY_HEADER = "分账总笔数,分账总金额（元）,解冻总金额（元）";

    /** The fund-flow bill's business type of a payout abroad (this project's convention). */
    static final String PAYOUT_BUSINESS = "境外付款";
    static final String SPLIT_BUSINESS = "分账";
    static final String RELEASE_BUSINESS = "解冻给分账方";

    static final Set<String> BILL_TYPES = Set.of("ALL", "SUCCESS", "REFUND");

    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("uuuu-MM-dd", Locale.ROOT)
            .withResolverStyle(ResolverStyle.STRICT);
    private static final DateTimeFormatter TOKEN_DATE = DateTimeFormatter.ofPattern("uuuuMMdd", Locale.ROOT)
            .withResolverStyle(ResolverStyle.STRICT);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss", Locale.ROOT);
    private static final Pattern TOKEN = Pattern.compile("(tradebill|fundflowbill|profitsharing)\\.([0-9]{8})\\.(ALL|SUCCESS|REFUND|BASIC)"
            + "\\.(GZIP|NONE)\\.([0-9]{1,12})");

    @Inject
    Bills bills;

    /** The body a download answers, kept at the ask (at most that many, the latest): see {@link #keep}. */
    static final int OFFERS_KEPT = 8;
    /** The largest body kept: a day's gzip; an uncompressed large day is written again at its download. */
    static final int MOST_KEPT_BYTES = 8 * 1024 * 1024;

    private final Map<String, byte[]> offered = java.util.Collections.synchronizedMap(new java.util.LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, byte[]> eldest) {
            return size() > OFFERS_KEPT;
        }
    });

    /** What a bill is: which file, of which day, which type, compressed or not, with the lines up to {@code asOf}. */
    record Ask(String bill, LocalDate day, String type, boolean gzip, long asOfEpochSecond) {

        String token() {
            return bill + "." + day.format(TOKEN_DATE) + "." + type + "." + (gzip ? "GZIP" : "NONE") + "." + asOfEpochSecond;
        }
    }

    /** A download's answer: the file's bytes, or a refusal to sign. */
    public record Download(AlphapayAnswer refusal, byte[] body, boolean gzip) {

        int status() {
            return refusal != null ? refusal.status() : 200;
        }
    }

    Call read(Operation operation, AlphapayRequest request, Party party) {
        Map<String, String> query = AlphapayOperations.queryParameters(request);
        LocalDate day = billDate(query.get("bill_date"));
        String type = switch (operation) {
            case TRADE_BILL -> oneOf(query, "bill_type", BILL_TYPES, "ALL");
            case FUNDFLOW_BILL -> oneOf(query, "account_type", Set.of("BASIC"), "BASIC");
            case PROFITSHARING_BILL -> "ALL";
            default -> throw new IllegalArgumentException(operation + " is not a bill");
        };
        boolean gzip = "GZIP".equals(oneOf(query, "tar_type", Set.of("GZIP"), "NONE"));
        String bill = switch (operation) {
            case TRADE_BILL -> TRADEBILL;
            case FUNDFLOW_BILL -> FUNDFLOWBILL;
            default -> PROFITSHARING;
        };
        OffsetDateTime now = Companies.now();
        if (day.isAfter(Companies.today())) {
            return new Call(null, () -> AlphapayAnswer.refusal(400, "INVALID_REQUEST", "bill_date is after today (Beijing)"));
        }
        Ask ask = new Ask(bill, day, type, gzip, now.toEpochSecond());
        return new Call(null, () -> {
            String file = file(party, ask);
            if (file == null) {
                return AlphapayAnswer.refusal(400, "NO_STATEMENT_EXIST", "no " + bill + " lines on " + day);
            }
            byte[] bytes = file.getBytes(StandardCharsets.UTF_8);
            String hash = sha1Hex(bills.wrongHash(party) ? tampered(bytes) : bytes);
            keep(party, ask, bytes);
            return AlphapayAnswer.ok(JsonText.object()
                    .add("hash_type", "SHA1")
                    .add("hash_value", hash)
                    .add("download_url", request.baseUrl() + DOWNLOAD_PATH + "?token=" + ask.token())
                    .build());
        });
    }

    /** The download: the file of the token's ask, as kept at the ask or written again from the same lines. */
    java.util.function.Supplier<Download> download(AlphapayRequest request, Party party) {
        Map<String, String> query;
        try {
            query = AlphapayOperations.queryParameters(request);
        } catch (Members.Invalid e) {
            return () -> new Download(AlphapayAnswer.refusal(400, "PARAM_ERROR", e.getMessage()), null, false);
        }
        Ask ask = token(query.get("token"));
        if (ask == null) {
            return () -> new Download(AlphapayAnswer.refusal(400, "PARAM_ERROR", "token is not a download token of this company"), null,
                    false);
        }
        if (ask.day().isAfter(Companies.today())) {
            return () -> new Download(AlphapayAnswer.refusal(400, "INVALID_REQUEST", "the token's bill_date is after today (Beijing)"),
                    null, false);
        }
        return () -> {
            byte[] kept = offered.get(offerKey(party, ask));
            if (kept != null) {
                return new Download(null, kept, ask.gzip());
            }
            String file = file(party, ask);
            if (file == null) {
                return new Download(AlphapayAnswer.refusal(400, "NO_STATEMENT_EXIST", "no " + ask.bill() + " lines on " + ask.day()),
                        null, false);
            }
            byte[] bytes = file.getBytes(StandardCharsets.UTF_8);
            return new Download(null, ask.gzip() ? gzip(bytes) : bytes, ask.gzip());
        };
    }

    /**
     * Keeps the body the ask's download answers, as the company keeps the file whose hash it
     * answered: a large day is not written a second time for its download. A body not kept (too
     * large, or no longer among the latest) is written again from the same lines.
     */
    private void keep(Party party, Ask ask, byte[] file) {
        byte[] body = ask.gzip() ? gzip(file) : file;
        if (body.length <= MOST_KEPT_BYTES) {
            offered.put(offerKey(party, ask), body);
        }
    }

    /** Where the body of an account's ask is kept. */
    private static String offerKey(Party party, Ask ask) {
        return party.accountId() + " " + ask.token();
    }

    /** The file of an ask, or null when the day has no line for it. */
    private String file(Party party, Ask ask) {
        List<BillEntry> entries = bills.lines(party, ask.day()).stream()
                .filter(e -> e.time() == null || e.time().toEpochSecond() <= ask.asOfEpochSecond())
                .toList();
        return switch (ask.bill()) {
            case TRADEBILL -> tradeBill(party, entries, ask.type());
            case FUNDFLOWBILL -> fundFlowBill(entries);
            default -> profitSharingBill(party, entries);
        };
    }

    static Ask token(String token) {
        if (token == null) {
            return null;
        }
        Matcher m = TOKEN.matcher(token);
        if (!m.matches()) {
            return null;
        }
        LocalDate day;
        try {
            day = LocalDate.parse(m.group(2), TOKEN_DATE);
        } catch (DateTimeParseException e) {
            return null;
        }
        boolean fundFlow = FUNDFLOWBILL.equals(m.group(1));
        if (fundFlow != "BASIC".equals(m.group(3))) {
            return null;
        }
        return new Ask(m.group(1), day, m.group(3), "GZIP".equals(m.group(4)), Long.parseLong(m.group(5)));
    }

    static LocalDate billDate(String text) {
        if (text == null) {
            throw new Members.Invalid("bill_date", "bill_date is required");
        }
        try {
            return LocalDate.parse(text, DATE);
        } catch (DateTimeParseException e) {
            throw new Members.Invalid("bill_date", "bill_date must be a date yyyy-MM-dd");
        }
    }

    private static String oneOf(Map<String, String> query, String name, Set<String> allowed, String absent) {
        String value = query.get(name);
        if (value == null) {
            return absent;
        }
        if (!allowed.contains(value)) {
            throw new Members.Invalid(name, name + " must be " + String.join(" or ", allowed.stream().sorted().toList()));
        }
        return value;
    }

    // ---- the files ------------------------------------------------------------------------------

    /**
     * The trade bill: payments (trade state SUCCESS) for {@code ALL} and {@code SUCCESS}, refunds
     * (trade state REFUND) for {@code ALL} and {@code REFUND}, in the lines' order; null when none.
     */
    static String tradeBill(Party party, List<BillEntry> entries, String billType) {
        StringBuilder file = new StringBuilder(TRADE_HEADER).append(EOL);
        long count = 0;
        long settled = 0;
        long refunded = 0;
        long fees = 0;
        long ordered = 0;
        long asked = 0;
        for (BillEntry e : entries) {
            boolean payment = e.kind() == BillEntry.Kind.PAYMENT && !"REFUND".equals(billType);
            boolean refund = e.kind() == BillEntry.Kind.REFUND && !"SUCCESS".equals(billType);
            if (!payment && !refund) {
                continue;
            }
            long fee = payment ? e.fee() : -e.fee();
            line(file, time(e.time()), party.appId(), party.companyMerchantId(), "0", "", e.transactionId(), e.orderRef(), "", "",
                    payment ? e.state() : "REFUND", "OTHERS", e.currency(),
                    yuan(payment ? e.amount() : 0), yuan(0),
                    payment ? "0" : e.companyId(), payment ? "0" : e.reference(),
                    yuan(payment ? 0 : e.amount()), yuan(0),
                    payment ? "" : "ORIGINAL", payment ? "" : e.state(), "", "", yuan(fee), "",
                    yuan(payment ? e.amount() : 0), yuan(payment ? 0 : e.amount()), "");
            count++;
            settled += payment ? e.amount() : 0;
            refunded += payment ? 0 : e.amount();
            fees += fee;
            ordered += payment ? e.amount() : 0;
            asked += payment ? 0 : e.amount();
        }
        if (count == 0) {
            return null;
        }
        file.append(TRADE_SUMMARY_HEADER).append(EOL);
        line(file, Long.toString(count), yuan(settled), yuan(refunded), yuan(0), yuan(fees), yuan(ordered), yuan(asked));
        return file.toString();
    }

    /**
     * The fund-flow bill of the basic account: payments in, refunds that succeeded out, and payouts
     * abroad out (business type {@value #PAYOUT_BUSINESS}, the payout's state and fee in the remark as
     * {@code STATE/fee}, this project's convention); null when none.
     */
    static String fundFlowBill(List<BillEntry> entries) {
        StringBuilder file = new StringBuilder(FUND_HEADER).append(EOL);
        long count = 0;
        long incomes = 0;
        long income = 0;
        long expenses = 0;
        long expense = 0;
        for (BillEntry e : entries) {
            switch (e.kind()) {
                case PAYMENT -> line(file, time(e.time()), e.transactionId(), flowId(e), "交易", "交易", "收入", yuan(e.amount()), "",
                        "", "", e.orderRef());
                case REFUND -> {
                    if (!"SUCCESS".equals(e.state())) {
                        continue;
                    }
                    line(file, time(e.time()), e.companyId(), flowId(e), "退款", "退款", "支出", yuan(e.amount()), "", "", "",
                            e.reference());
                }
                case PAYOUT -> line(file, time(e.time()), e.companyId(), flowId(e), PAYOUT_BUSINESS, PAYOUT_BUSINESS, "支出",
                        yuan(e.amount()), "", "", e.state() + "/" + yuan(e.fee()), e.reference());
                default -> {
                    continue;
                }
            }
            count++;
            if (e.kind() == BillEntry.Kind.PAYMENT) {
                incomes++;
                income += e.amount();
            } else {
                expenses++;
                expense += e.amount();
            }
        }
        if (count == 0) {
            return null;
        }
        file.append(FUND_SUMMARY_HEADER).append(EOL);
        line(file, Long.toString(count), Long.toString(incomes), yuan(income), Long.toString(expenses), yuan(expense));
        return file.toString();
    }

    /**
     * The profit-sharing bill: one line per receiver's part of a split, and one per release (the
     * merchant itself, {@code MERCHANT_ID} and its mchid, as WeChat shows an unfreeze); null when none.
     */
    static String profitSharingBill(Party party, List<BillEntry> entries) {
        StringBuilder file = new StringBuilder(SHARING_HEADER).append(EOL);
        long count = 0;
        long split = 0;
        long released = 0;
        for (BillEntry e : entries) {
            boolean release = e.kind() == BillEntry.Kind.RELEASE;
            if (e.kind() != BillEntry.Kind.SPLIT && !release) {
                continue;
            }
            String type = release || e.receiverType() == null ? "MERCHANT_ID" : receiverType(e.receiverType());
            String account = release || e.receiverAccount() == null ? party.companyMerchantId() : e.receiverAccount();
            line(file, time(e.time()), e.transactionId(), e.orderRef(), e.companyId(), e.reference(), party.companyMerchantId(), type,
                    account, yuan(e.amount()), e.currency(), release ? RELEASE_BUSINESS : SPLIT_BUSINESS, e.state(), "");
            count++;
            split += release ? 0 : e.amount();
            released += release ? e.amount() : 0;
        }
        if (count == 0) {
            return null;
        }
        file.append(SHARING_SUMMARY_HEADER).append(EOL);
        line(file, Long.toString(count), yuan(split), yuan(released));
        return file.toString();
    }

    /** The books' receiver types in the wire's words, as the split order shows them. */
    private static String receiverType(String booksType) {
        return switch (booksType) {
            case "MERCHANT" -> "MERCHANT_ID";
            case "PERSONAL" -> "PERSONAL_OPENID";
            default -> booksType;
        };
    }

    /** A fund-flow line's own number: the company's id of what moved, prefixed by what it was. */
    private static String flowId(BillEntry e) {
        String id = e.kind() == BillEntry.Kind.PAYMENT ? e.transactionId() : e.companyId();
        return "F" + e.kind().name().charAt(0) + (id == null ? "" : id);
    }

    /** One line: every field prefixed with a backtick, as WeChat writes them so that spreadsheets keep them text. */
    private static void line(StringBuilder file, String... fields) {
        for (int i = 0; i < fields.length; i++) {
            file.append(i == 0 ? "`" : ",`").append(fields[i] == null ? "" : fields[i]);
        }
        file.append(EOL);
    }

    /** Fen as yuan with two places; a negative amount keeps its sign. */
    static String yuan(long fen) {
        return BigDecimal.valueOf(fen, 2).toPlainString();
    }

    static String time(OffsetDateTime at) {
        return at == null ? "" : at.atZoneSameInstant(Companies.BEIJING).truncatedTo(ChronoUnit.SECONDS).format(TIME);
    }

    static String sha1Hex(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is not available", e);
        }
    }

    /** Other bytes than the file's: the hash of these is well-formed and does not match the file. */
    private static byte[] tampered(byte[] bytes) {
        byte[] other = java.util.Arrays.copyOf(bytes, bytes.length + 1);
        other[bytes.length] = '\n';
        return other;
    }

    static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 4 + 64);
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
