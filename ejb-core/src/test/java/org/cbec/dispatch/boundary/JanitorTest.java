package org.cbec.dispatch.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Persistence;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.cbec.dispatch.AttentionView;
import org.cbec.dispatch.Attempts;
import org.cbec.dispatch.control.AttemptRules;
import org.cbec.dispatch.RequestSubject;
import org.cbec.dispatch.control.LedgerInTransactions;
import org.cbec.dispatch.entity.RequestEvent;
import org.cbec.dispatch.entity.RequestKind;
import org.cbec.dispatch.entity.RequestState;
import org.cbec.payment.boundary.CompanyRequests;
import org.cbec.payment.boundary.SenderInTransactions;
import org.cbec.reconciliation.boundary.MoneyRequestAttempts;
import org.cbec.platform.error.ConflictException;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.error.UnknownResourceException;
import org.cbec.plumbing.schema.EmbeddedDatabases;
import org.eclipse.microprofile.metrics.Counter;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The janitor on a real PostgreSQL (the embedded one, migrated as the broker's is), on a simulated
 * clock: each run is given its time, and the company's answers are fixed per request (what the
 * company says of them is the test's; what the broker stores and when it asks again is the
 * janitor's, its ledger's queries included). The requests are payouts written as the payout
 * ledger writes them.
 */
class JanitorTest {

    @RegisterExtension
    static final EmbeddedDatabases postgres = new EmbeddedDatabases();

    private static final OffsetDateTime T0 = OffsetDateTime.of(2026, 11, 29, 12, 0, 0, 0, ZoneOffset.UTC);
    private static final Duration RUN = Duration.ofSeconds(10);

    private DataSource dataSource;
    private EntityManagerFactory emf;
    private LedgerInTransactions ledger;
    private SenderInTransactions sender;
    private Company company;
    private final AtomicLong gaveUp = new AtomicLong();

    /** The company: every request it is asked about, run by run, and its fixed answer of each. */
    private static class Company implements Attempts {
        private final MoneyRequestAttempts broker = new MoneyRequestAttempts();
        final Map<Long, Attempt> answers = new HashMap<>();
        final List<Long> asked = new ArrayList<>();
        final Map<Long, RequestKind> kinds = new HashMap<>();

        @Override
        public String openRequests() {
            return broker.openRequests();
        }

        @Override
        public List<String> atCompanyStates() {
            return broker.atCompanyStates();
        }

        @Override
        public Attempt attempt(RequestKind kind, long subjectId, OffsetDateTime sendingBefore) {
            asked.add(subjectId);
            kinds.put(subjectId, kind);
            return answers.getOrDefault(subjectId, new Attempt(Standing.AT_COMPANY, "ACCEPTED"));
        }
    }

    @BeforeEach
    void freshDatabase() throws SQLException {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        String url = postgres.freshDatabase("janitor");
        ds.setUrl(url);
        dataSource = ds;
        Flyway.configure().dataSource(dataSource).locations("classpath:db/migration").load().migrate();
        emf = Persistence.createEntityManagerFactory("cbec", Map.of("jakarta.persistence.transactionType", "RESOURCE_LOCAL",
                "jakarta.persistence.jtaDataSource", "", "jakarta.persistence.jdbc.driver", "org.postgresql.Driver",
                "jakarta.persistence.jdbc.url", url, "eclipselink.logging.level", "WARNING"));
        ledger = new LedgerInTransactions(emf);
        sender = new SenderInTransactions(emf);
        company = new Company();
    }

    @AfterEach
    void close() {
        if (emf != null) {
            emf.close();
        }
    }

    /** The janitor with the broker's defaults but {@code rules}, a batch of 100. */
    private Janitor janitor(AttemptRules rules) {
        Janitor j = new Janitor();
        j.ledger = ledger;
        j.attempts = company;
        j.batch = 100;
        j.minAgeMs = 5000;
        j.staleSendingMs = 60000;
        j.use(rules, new Counter() {
            @Override
            public void inc() {
                gaveUp.incrementAndGet();
            }

            @Override
            public void inc(long n) {
                gaveUp.addAndGet(n);
            }

            @Override
            public long getCount() {
                return gaveUp.get();
            }
        });
        return j;
    }

    /** One run at {@code now}, as the timer makes it: due ones taken up to half an interval ahead. */
    private Set<Long> run(Janitor j, OffsetDateTime now) {
        company.asked.clear();
        j.run(now, now.plus(RUN.dividedBy(2)), RUN);
        return new HashSet<>(company.asked);
    }

    private void payout(long id, String state, OffsetDateTime updatedAt) throws SQLException {
        insert("INSERT INTO payout (id, merchant, payment_method, payout_ref, amount, currency, target_currency, state, created_at,"
                + " updated_at, version) VALUES (?, 'demo', 'alphapay', ?, 1000, 'CNY', 'GBP', ?, ?, ?, 1)", id, "po-" + id, state, updatedAt);
    }

    /** A row of {@code insert} (its parameters: id, reference, state, created and updated at), as its ledger writes it. */
    private void insert(String insert, long id, String ref, String state, OffsetDateTime at) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(insert)) {
            s.setLong(1, id);
            s.setString(2, ref);
            s.setString(3, state);
            s.setObject(4, at);
            s.setObject(5, at);
            s.executeUpdate();
        }
    }

    private void payoutState(long id, String state) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement("UPDATE payout SET state = ? WHERE id = ?")) {
            s.setString(1, state);
            s.setLong(2, id);
            assertEquals(1, s.executeUpdate());
        }
    }

    private AttentionView row(long payoutId) {
        return ledger.attention(null, null, 1000).stream().filter(v -> v.subjectId() == payoutId).findFirst()
                .or(() -> ledger.due(T0.plusYears(10), T0.plusYears(10), 1000).stream().filter(v -> v.subjectId() == payoutId).findFirst())
                .orElseThrow(() -> new AssertionError("no open row of payout " + payoutId));
    }

    @Test
    void aNewRequestIsAskedWithinTwoRunsWhileAHundredWaitAtTheCompanyAndNoneOfThemStarves() throws SQLException {
        // The hardest case: every waiting payout is due again at every run (gaps of one run, no growth), and
        // they fill the batch. Ordered by when they last changed, the newest would never be asked.
        Janitor j = janitor(new AttemptRules(RUN, RUN, 0, 12, Duration.ofDays(3)));
        for (long id = 1; id <= 100; id++) {
            payout(id, "ACCEPTED", T0.minusHours(1));
        }
        OffsetDateTime now = T0;
        for (int i = 0; i < 5; i++, now = now.plus(RUN)) {
            assertEquals(100, run(j, now).size(), "all hundred asked at run " + i);
        }
        payout(101, "ACCEPTED", now.minusSeconds(5));
        Set<Long> first = run(j, now);
        Set<Long> second = run(j, now.plus(RUN));
        assertTrue(first.contains(101L) || second.contains(101L), "the new payout asked within two runs: " + first.size() + " then "
                + second.size() + " asked");
        Set<Long> both = new HashSet<>(first);
        both.addAll(second);
        assertEquals(101, both.size(), "and every waiting one asked in those two runs too");
        assertTrue(first.size() <= 100 && second.size() <= 100, "never more than the batch in a run");
    }

    @Test
    void anUnknownOutcomeIsAskedWithGrowingGapsThenListedForAnOperatorCountedAndAskedNoMore() throws SQLException {
        Janitor j = janitor(new AttemptRules(RUN, Duration.ofHours(1), 0, 12, Duration.ofDays(3)));
        payout(7, "UNKNOWN", T0);
        company.answers.put(7L, new Attempts.Attempt(Attempts.Standing.UNKNOWN, "UNKNOWN: the company did not answer in time"));
        List<Long> gaps = new ArrayList<>();
        OffsetDateTime last = null;
        OffsetDateTime now = T0;
        // The clock jumps from run to run: the next run comes when the row falls due.
        for (int runs = 0; runs < 40; runs++) {
            if (run(j, now).contains(7L)) {
                if (last != null) {
                    gaps.add(Duration.between(last, now).toSeconds());
                }
                last = now;
            }
            AttentionView after = row(7);
            if (after.state() == RequestState.NEEDS_ATTENTION) {
                break;
            }
            now = after.nextAttemptAt().withOffsetSameInstant(ZoneOffset.UTC);
        }
        assertEquals(List.of(10L, 20L, 40L, 80L, 160L, 320L, 640L, 1280L, 2560L, 3600L, 3600L), gaps, "the gaps between the attempts");
        AttentionView listed = ledger.attention("demo", RequestKind.PAYOUT, 10).get(0);
        assertEquals(7, listed.subjectId());
        assertEquals(RequestState.NEEDS_ATTENTION, listed.state());
        assertEquals(12, listed.attempts());
        assertEquals("po-7", listed.merchantRef());
        assertEquals("po-7", listed.companyNo(), "a payout's number at the company is its payoutRef");
        assertEquals("UNKNOWN: the company did not answer in time", listed.lastAnswer());
        assertTrue(last.isEqual(listed.attentionSince()), "listed at its last attempt: " + listed.attentionSince());
        assertEquals(1, gaveUp.get(), "counted once");
        assertEquals(1L, ledger.attentionCounts().get(RequestKind.PAYOUT));
        assertEquals(0L, ledger.attentionCounts().get(RequestKind.REFUND));
        assertTrue(ledger.attention("other", null, 10).isEmpty(), "another merchant's list is empty");
        assertTrue(ledger.attention(null, RequestKind.REFUND, 10).isEmpty(), "and so is the list of refunds");
        assertTrue(!run(j, now.plusDays(1)).contains(7L), "asked no more by the janitor");
    }

    @Test
    void anOperatorRetriesOneNeedingAttentionAndItEndsAsTheCompanyThenSays() throws SQLException {
        Janitor j = janitor(new AttemptRules(RUN, RUN, 0, 2, Duration.ofDays(3)));
        Attention attention = attention(j);
        payout(8, "UNKNOWN", T0);
        company.answers.put(8L, new Attempts.Attempt(Attempts.Standing.UNKNOWN, "UNKNOWN: 503 system busy"));
        run(j, T0.plusSeconds(5));
        run(j, T0.plusSeconds(15));
        AttentionView listed = attention.list("demo", "payout").get(0);
        assertEquals(RequestState.NEEDS_ATTENTION, listed.state());

        company.answers.put(8L, new Attempts.Attempt(Attempts.Standing.FINAL, "PAID"));
        AttentionView after = attention.retry(String.valueOf(listed.id()));
        assertEquals(RequestState.ANSWERED, after.state());
        assertEquals("PAID", after.lastAnswer());
        assertTrue(after.closedAt() != null, "closed");
        assertTrue(attention.list(null, null).isEmpty(), "off the list");
        ConflictException twice = assertThrows(ConflictException.class, () -> attention.retry(String.valueOf(listed.id())));
        assertTrue(twice.getMessage().contains("not NEEDS_ATTENTION"), twice.getMessage());
    }

    @Test
    void anOperatorSettlesOneWithTheCompanysWordAndTheJanitorLeavesItWhileItsPayoutStaysAsItWas() throws SQLException {
        Janitor j = janitor(new AttemptRules(RUN, RUN, 0, 1, Duration.ofDays(3)));
        Attention attention = attention(j);
        payout(9, "UNKNOWN", T0);
        company.answers.put(9L, new Attempts.Attempt(Attempts.Standing.UNKNOWN, "UNKNOWN: timeout"));
        run(j, T0.plusSeconds(5));
        long id = attention.list(null, null).get(0).id();

        InvalidRequestException blank = assertThrows(InvalidRequestException.class, () -> attention.settle(String.valueOf(id), " "));
        assertEquals("note", blank.field());
        assertThrows(InvalidRequestException.class, () -> attention.settle(String.valueOf(id), "x".repeat(257)));
        assertThrows(InvalidRequestException.class, () -> attention.settle(String.valueOf(id), "bell\u0007"));
        assertThrows(UnknownResourceException.class, () -> attention.settle("999999", "a note"));
        assertThrows(UnknownResourceException.class, () -> attention.settle("abc", "a note"));
        assertEquals(RequestState.NEEDS_ATTENTION, attention.list(null, null).get(0).state(), "nothing changed by a refused request");

        AttentionView settled = attention.settle(String.valueOf(id), "  alphapay support, ticket 4411: no such payout; the merchant was told\n");
        assertEquals(RequestState.SETTLED_BY_OPERATOR, settled.state());
        assertEquals("alphapay support, ticket 4411: no such payout; the merchant was told", settled.operatorNote());
        assertTrue(attention.list(null, null).isEmpty());
        for (int i = 1; i <= 3; i++) {
            assertTrue(!run(j, T0.plusHours(i)).contains(9L), "not asked again, nor added again while its payout stays UNKNOWN");
        }
        assertEquals(RequestState.SETTLED_BY_OPERATOR, ledger.find(id).orElseThrow().state());
    }

    @Test
    void oneEndedAnotherWayIsClosedWithoutAskingAndLeavesTheList() throws SQLException {
        Janitor j = janitor(new AttemptRules(RUN, RUN, 0, 1, Duration.ofDays(3)));
        payout(10, "UNKNOWN", T0);
        payout(11, "ACCEPTED", T0);
        company.answers.put(10L, new Attempts.Attempt(Attempts.Standing.UNKNOWN, "UNKNOWN: timeout"));
        run(j, T0.plusSeconds(5));
        assertEquals(1, ledger.attention(null, null, 10).size(), "payout 10 needs attention");
        payoutState(10, "PAID"); // a notification, or a client's query, brought the company's word
        payoutState(11, "FAILED");
        List<String> lines = new ArrayList<>();
        java.util.logging.Logger log = java.util.logging.Logger.getLogger(Janitor.class.getName());
        java.util.logging.Handler capture = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord r) {
                lines.add(r.getLevel() + " " + r.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        log.addHandler(capture);
        Set<Long> asked;
        try {
            asked = run(j, T0.plusSeconds(30));
        } finally {
            log.removeHandler(capture);
        }
        assertTrue(asked.isEmpty(), "nothing asked: " + asked);
        // The operator still reads how each ended: one line each, with the merchant's reference.
        assertEquals(2, lines.size(), lines::toString);
        for (String ref : List.of("po-10", "po-11")) {
            assertEquals(1, lines.stream().filter(l -> l.startsWith("INFO Money request ") && l.contains(" PAYOUT ")
                    && l.contains(" " + ref + " ended: another way")).count(), ref + " in " + lines);
        }
        assertTrue(ledger.attention(null, null, 10).isEmpty(), "off the list");
        assertTrue(ledger.due(T0.plusYears(10), T0.plusYears(10), 10).isEmpty(), "and neither is due any more");
    }

    @Test
    void oneTheCompanyKeepsWorkingOnIsAskedPastTheAttemptsAndListedAtItsAgeLimit() throws SQLException {
        Janitor j = janitor(new AttemptRules(RUN, Duration.ofHours(1), 0, 3, Duration.ofHours(6)));
        payout(12, "ACCEPTED", T0);
        OffsetDateTime now = T0;
        int asked = 0;
        for (int runs = 0; runs < 40; runs++) {
            asked += run(j, now).contains(12L) ? 1 : 0;
            if (row(12).state() == RequestState.NEEDS_ATTENTION) {
                break;
            }
            now = row(12).nextAttemptAt().withOffsetSameInstant(ZoneOffset.UTC);
        }
        AttentionView listed = row(12);
        assertEquals(RequestState.NEEDS_ATTENTION, listed.state());
        assertTrue(asked > 3, "asked " + asked + " times, past the 3 attempts an unknown one gets");
        assertTrue(!listed.attentionSince().isBefore(T0.plusHours(5)) && !listed.attentionSince().isAfter(T0.plusHours(6)),
                "listed within the hour before its six hours were up: " + listed.attentionSince());
    }

    private void payment(long id, String state, OffsetDateTime updatedAt) throws SQLException {
        insert("INSERT INTO payment (id, merchant, payment_method, order_ref, payment_type, currency, actual_amount, request_json,"
                + " trade_state, created_at, updated_at, version) VALUES (?, 'demo', 'betapay', ?, 'NATIVE', 'CNY', 100, '{}', ?, ?, ?, 1)",
                id, "o-" + id, state, updatedAt);
    }

    /** The dispatcher's row of a request its sender claimed at {@code at} (made SENDING, held). */
    private void claimed(RequestKind kind, long id, String ref, OffsetDateTime at) {
        assertEquals(new CompanyRequests.Claim(RequestState.SENDING, true, null),
                sender.claim(new RequestSubject(kind, id, "demo", "betapay", ref, ref), null, at));
    }

    @Test
    void aPaymentsCreateWithoutAnOutcomeIsTheJanitorsAsAnyRequestAndOneBeingSentWaitsUntilItsSenderIsTakenAsGone() throws SQLException {
        Janitor j = janitor(new AttemptRules(RUN, Duration.ofHours(1), 0, 12, Duration.ofDays(3)));
        payment(501, "UNKNOWN", T0.minusSeconds(6)); // stored, and its sender stopped before it claimed it: never sent
        payment(503, "UNKNOWN", T0.minusSeconds(6));
        claimed(RequestKind.PAYMENT, 503, "o-503", T0.minusSeconds(6)); // its sender may still be talking to the company
        payment(504, "NOTPAY", T0.minusSeconds(6)); // an outcome: unpaid payments are polled, not resolved
        payment(505, "SUCCESS", T0.minusSeconds(6));
        for (long id = 501; id <= 503; id++) {
            company.answers.put(id, new Attempts.Attempt(Attempts.Standing.UNKNOWN, "UNKNOWN: the company did not answer in time"));
        }
        assertEquals(Set.of(501L), run(j, T0), "the create without an outcome, not the one being sent");
        assertEquals(RequestKind.PAYMENT, company.kinds.get(501L));
        AttentionView found = row(501);
        assertEquals("o-501", found.merchantRef());
        assertEquals("o-501", found.companyNo(), "the company knows the order by its orderRef");
        assertEquals(RequestState.TO_SEND, found.state(), "found without a row: its sender never claimed it, so nothing was sent");
        assertEquals(1, found.attempts());
        assertEquals(Optional.of(RequestState.SENDING), sender.state(RequestKind.PAYMENT, 503));
        assertEquals(Set.of(), run(j, T0.plusSeconds(50)).stream().filter(id -> id == 503).collect(java.util.stream.Collectors.toSet()),
                "not while its sender may still be talking to the company (54 s)");
        Set<Long> later = run(j, T0.plusSeconds(60));
        assertTrue(later.contains(503L), "the create being sent is asked about once its sender is taken as gone: " + later);
        assertTrue(!later.contains(504L) && !later.contains(505L), "never one with an outcome: " + later);

        // Resolved (by a client's query, say): its row is closed, and it is asked about no more.
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement("UPDATE payment SET trade_state = 'NOTPAY'"
                + " WHERE id = 501")) {
            assertEquals(1, s.executeUpdate());
        }
        assertTrue(!run(j, T0.plusHours(2)).contains(501L), "a resolved payment is not asked about");
        assertTrue(ledger.due(T0.plusYears(10), T0.plusYears(10), 1000).stream().noneMatch(v -> v.subjectId() == 501), "its row is closed");
    }

    @Test
    void aClaimTakesOnlyWhatNobodyHoldsAndSaysWhetherToSendOrToAskFirst() {
        RequestSubject r = new RequestSubject(RequestKind.REFUND, 801, "demo", "alphapay", "rf-801", "o-801-1");
        assertEquals(new CompanyRequests.Claim(RequestState.SENDING, true, null), sender.claim(r, null, T0), "a request without a record: send it");
        assertEquals(new CompanyRequests.Claim(RequestState.SENDING, false, null), sender.claim(r, null, T0.plusSeconds(1)),
                "held by its sender: nobody else acts on it");
        sender.move(r, RequestEvent.CALL_NOT_SENT, "circuit open", false, T0.plusSeconds(2));
        assertEquals(new CompanyRequests.Claim(RequestState.SENDING, true, "circuit open"), sender.claim(r, null, T0.plusSeconds(3)),
                "never left the broker: sent without asking");
        sender.move(r, RequestEvent.NO_ANSWER, "timed out", false, T0.plusSeconds(4));
        assertEquals(new CompanyRequests.Claim(RequestState.ASKING, true, "timed out"), sender.claim(r, null, T0.plusSeconds(5)),
                "may be at the company: asked for first");
        sender.move(r, RequestEvent.NONE, "none", false, T0.plusSeconds(6));
        assertEquals(Optional.of(RequestState.RESEND_REFUSED), sender.move(r, RequestEvent.REFUSAL, "refused", false, T0.plusSeconds(7)));
        assertEquals(new CompanyRequests.Claim(RequestState.CONFIRMING, true, "refused"), sender.claim(r, null, T0.plusSeconds(8)),
                "its resend refused: asked for, and refused only if the company still has none");
        assertEquals(new CompanyRequests.Claim(RequestState.CONFIRMING, false, "refused"), sender.claim(r, T0.plusSeconds(8), T0.plusSeconds(9)),
                "its holder not yet taken as gone");
        assertEquals(new CompanyRequests.Claim(RequestState.CONFIRMING, true, "the broker stopped before the company answered"),
                sender.claim(r, T0.plusSeconds(70), T0.plusSeconds(130)),
                "its holder gone: taken back (RESEND_REFUSED, the mark kept) and claimed again");
        assertEquals(Optional.of(RequestState.ANSWERED), sender.move(r, RequestEvent.FOUND, "SUCCESS", true, T0.plusSeconds(131)));
        assertEquals(new CompanyRequests.Claim(RequestState.ANSWERED, false, "SUCCESS"), sender.claim(r, null, T0.plusSeconds(132)),
                "closed with the company's final word: nothing more to send or ask; what it heard last, for the caller");
        assertEquals(Optional.of(RequestState.ANSWERED), sender.move(r, RequestEvent.REPORTED, "late", false, T0.plusSeconds(133)),
                "a closed record moves no more");
    }

    @Test
    void oneAnsweredAMomentAfterItWasSentIsAskedAboutAsSoonAsAnyAnsweredOne() throws SQLException {
        // Its sender made its row (SENDING) and the company accepted it a second later: from then on it is
        // one the company works on, asked about 5 s after that answer like any other, not when a sender
        // that stopped would be taken as gone (60 s).
        Janitor j = janitor(new AttemptRules(RUN, Duration.ofHours(1), 0, 12, Duration.ofDays(3)));
        payout(601, "UNKNOWN", T0.minusSeconds(1));
        RequestSubject subject = new RequestSubject(RequestKind.PAYOUT, 601, "demo", "alphapay", "po-601", "po-601");
        assertEquals(new CompanyRequests.Claim(RequestState.SENDING, true, null), sender.claim(subject, null, T0.minusSeconds(1)));
        assertEquals(Set.of(), run(j, T0), "not while its sender may still be talking to the company");
        payoutState(601, "ACCEPTED");
        assertEquals(Optional.of(RequestState.ANSWERED), sender.move(subject, RequestEvent.ANSWER, "ACCEPTED", false, T0.plusSeconds(1)));
        assertEquals(Set.of(601L), run(j, T0.plusSeconds(RUN.toSeconds())), "asked at the next run, 5 s after the company's answer");
        assertEquals(RequestState.ANSWERED, row(601).state());
        assertEquals(1, row(601).attempts());
    }

    @Test
    void aCompanyThatKeepsEveryCallWaitingHoldsUpARunForOneAttemptNotForTheBatch() throws SQLException {
        // Each attempt takes the company's 6 s timeout (on the janitor's clock); a run's budget is its
        // interval, 10 s: a second attempt is started at 6 s, a third would start past the budget.
        Janitor j = janitor(new AttemptRules(RUN, Duration.ofHours(1), 0, 12, Duration.ofDays(3)));
        AtomicLong clock = new AtomicLong();
        j.ticks = clock::get;
        for (long id = 701; id <= 705; id++) {
            payout(id, "UNKNOWN", T0.minusMinutes(10).plusSeconds(id - 700));
        }
        Company hanging = new Company() {
            @Override
            public Attempt attempt(RequestKind kind, long subjectId, OffsetDateTime sendingBefore) {
                clock.addAndGet(Duration.ofSeconds(6).toNanos());
                return super.attempt(kind, subjectId, sendingBefore);
            }
        };
        j.attempts = hanging;
        company = hanging;
        assertEquals(Set.of(701L, 702L), run(j, T0), "two attempts, then the run ends within its budget's last attempt");
        assertEquals(Set.of(703L, 704L), run(j, T0.plus(RUN)), "the next run takes the ones left, those due longest first");
        assertTrue(run(j, T0.plus(RUN.multipliedBy(2))).contains(705L), "and the last one the run after: none is left out");
    }

    @Test
    void aPaymentGivenUpOnBeforeTheJanitorTookPaymentsNeedsAttentionAfterTheMigrationWithItsAttempts() throws SQLException {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setUrl(postgres.freshDatabase("janitor_v26"));
        Flyway.configure().dataSource(ds).locations("classpath:db/migration").target("25").load().migrate();
        OffsetDateTime flaggedAt = T0.minusHours(4);
        try (Connection c = ds.getConnection(); PreparedStatement s = c.prepareStatement("INSERT INTO payment (id, merchant,"
                + " payment_method, order_ref, payment_type, currency, actual_amount, request_json, trade_state, created_at, updated_at,"
                + " version, reconcile_attempts, reconcile_flagged_at) VALUES (?, 'demo', 'alphapay', ?, 'NATIVE', 'CNY', 100, '{}', ?, ?,"
                + " ?, 1, ?, ?)")) {
            Object[][] rows = {{1L, "UNKNOWN", 12, flaggedAt}, {2L, "UNKNOWN", 3, null}, {3L, "SUCCESS", 12, flaggedAt}};
            for (Object[] r : rows) {
                s.setLong(1, (Long) r[0]);
                s.setString(2, "o-" + r[0]);
                s.setString(3, (String) r[1]);
                s.setObject(4, T0.minusHours(8));
                s.setObject(5, T0.minusHours(8));
                s.setInt(6, (Integer) r[2]);
                s.setObject(7, r[3]);
                s.executeUpdate();
            }
        }
        Flyway.configure().dataSource(ds).locations("classpath:db/migration").target("26").load().migrate();
        try (Connection c = ds.getConnection(); PreparedStatement s = c.prepareStatement("SELECT kind, subject_id, merchant_ref, state,"
                + " attempts, attention_since FROM money_request ORDER BY id")) {
            java.sql.ResultSet rs = s.executeQuery();
            assertTrue(rs.next(), "the flagged payment has its row");
            assertEquals("PAYMENT", rs.getString(1));
            assertEquals(1, rs.getLong(2));
            assertEquals("o-1", rs.getString(3));
            assertEquals("NEEDS_ATTENTION", rs.getString(4));
            assertEquals(12, rs.getInt(5));
            assertTrue(flaggedAt.isEqual(rs.getObject(6, OffsetDateTime.class)), "since it was flagged");
            assertTrue(!rs.next(), "only that one: an unflagged one gets its row at the janitor's next run, a resolved one none");
        }
    }

    @Test
    void everyRequestWithoutTheCompanysWordGetsItsRecordAndItsSendStateThereFromTheMigration() throws SQLException {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        String url = postgres.freshDatabase("janitor_v28");
        ds.setUrl(url);
        Flyway.configure().dataSource(ds).locations("classpath:db/migration").target("27").load().migrate();
        OffsetDateTime before = T0.minusMinutes(2);
        try (Connection c = ds.getConnection()) {
            // payments: id, state, resend refused; 4 already has a record (the janitor's sweep made it UNKNOWN), 5 one needing attention
            Object[][] payments = {{1L, "CREATING", false}, {2L, "NOT_SENT", false}, {3L, "UNKNOWN", true}, {4L, "UNKNOWN", false},
                {5L, "UNKNOWN", false}, {6L, "SUCCESS", false}};
            try (PreparedStatement s = c.prepareStatement("INSERT INTO payment (id, merchant, payment_method, order_ref, payment_type,"
                    + " currency, actual_amount, request_json, trade_state, created_at, updated_at, version, resend_refused_at)"
                    + " VALUES (?, 'demo', 'alphapay', ?, 'NATIVE', 'CNY', 100, '{}', ?, ?, ?, 1, ?)")) {
                for (Object[] p : payments) {
                    s.setLong(1, (Long) p[0]);
                    s.setString(2, "o-" + p[0]);
                    s.setString(3, (String) p[1]);
                    s.setObject(4, before);
                    s.setObject(5, before);
                    s.setObject(6, (Boolean) p[2] ? before : null);
                    s.executeUpdate();
                }
            }
            try (PreparedStatement s = c.prepareStatement("INSERT INTO payout (id, merchant, payment_method, payout_ref, amount, currency,"
                    + " target_currency, state, created_at, updated_at, version) VALUES (7, 'demo', 'betapay', 'po-7', 1000, 'CNY', 'GBP',"
                    + " 'SENDING', ?, ?, 1)")) {
                s.setObject(1, before);
                s.setObject(2, before);
                s.executeUpdate();
            }
            try (PreparedStatement s = c.prepareStatement("INSERT INTO money_request (kind, subject_id, merchant, payment_method,"
                    + " merchant_ref, company_no, state, attempts, next_attempt_at, created_at, updated_at, attention_since)"
                    + " VALUES ('PAYMENT', ?, 'demo', 'alphapay', ?, ?, ?, ?, ?, ?, ?, ?)")) {
                for (Object[] r : new Object[][] {{4L, "UNKNOWN", 3}, {5L, "NEEDS_ATTENTION", 12}}) {
                    s.setLong(1, (Long) r[0]);
                    s.setString(2, "o-" + r[0]);
                    s.setString(3, "o-" + r[0]);
                    s.setString(4, (String) r[1]);
                    s.setInt(5, (Integer) r[2]);
                    s.setObject(6, T0);
                    s.setObject(7, before);
                    s.setObject(8, before);
                    s.setObject(9, r[1].equals("NEEDS_ATTENTION") ? before : null);
                    s.executeUpdate();
                }
            }
        }
        Flyway.configure().dataSource(ds).locations("classpath:db/migration").load().migrate();
        Map<String, String> records = new HashMap<>();
        try (Connection c = ds.getConnection(); PreparedStatement s = c.prepareStatement("SELECT kind, subject_id, state, attempts,"
                + " merchant_ref, company_no FROM money_request ORDER BY kind, subject_id")) {
            java.sql.ResultSet rs = s.executeQuery();
            while (rs.next()) {
                records.put(rs.getString(1) + " " + rs.getLong(2), rs.getString(3) + " " + rs.getInt(4) + " " + rs.getString(5) + " "
                        + rs.getString(6));
            }
        }
        assertEquals(Map.of("PAYMENT 1", "SENDING 0 o-1 o-1", "PAYMENT 2", "NOT_SENT 0 o-2 o-2", "PAYMENT 3", "RESEND_REFUSED 0 o-3 o-3",
                "PAYMENT 4", "UNKNOWN 3 o-4 o-4", "PAYMENT 5", "NEEDS_ATTENTION 12 o-5 o-5", "PAYOUT 7", "SENDING 0 po-7 po-7"), records,
                "a send in progress held (its sender gone with the old version), one never sent NOT_SENT, a refused resend RESEND_REFUSED,"
                + " a record the janitor had kept with its attempts, one needing attention left so, none for a payment with an outcome");
        try (Connection c = ds.getConnection(); PreparedStatement s = c.prepareStatement("SELECT (SELECT string_agg(DISTINCT trade_state,"
                + " ',' ORDER BY trade_state) FROM payment), (SELECT state FROM payout WHERE id = 7), (SELECT COUNT(*) FROM"
                + " information_schema.columns WHERE column_name IN ('resend_refused_at', 'reconcile_attempts'))")) {
            java.sql.ResultSet rs = s.executeQuery();
            rs.next();
            assertEquals("SUCCESS,UNKNOWN", rs.getString(1), "the payments' own rows keep only the company's word, or UNKNOWN");
            assertEquals("UNKNOWN", rs.getString(2));
            assertEquals(0, rs.getInt(3), "the old marks and schedule are gone");
        }
        // Taken by the janitor as any record: the held one once its holder is taken as gone (it was two minutes ago).
        EntityManagerFactory factory = Persistence.createEntityManagerFactory("cbec", Map.of("jakarta.persistence.transactionType",
                "RESOURCE_LOCAL", "jakarta.persistence.jtaDataSource", "", "jakarta.persistence.jdbc.driver", "org.postgresql.Driver",
                "jakarta.persistence.jdbc.url", url, "eclipselink.logging.level", "WARNING"));
        try {
            assertEquals(List.of(1L, 2L, 3L, 4L, 7L), new LedgerInTransactions(factory).due(T0, T0.minusSeconds(60), 100).stream()
                    .map(AttentionView::subjectId).sorted().toList(), "every one is due, none needing attention");
        } finally {
            factory.close();
        }
    }

    private Attention attention(Janitor j) {
        Attention a = new Attention();
        a.ledger = ledger;
        a.janitor = j;
        return a;
    }
}
