package org.cbec.company;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.cbec.reconciliation.control.BillRun;
import org.junit.jupiter.api.Test;

/**
 * One run of the daily reconciliation asks the company for each account-day's bill once, whether
 * as the day reconciled or as a neighbour of one, keeps a failure as the day's answer in the run,
 * and deletes the bills' working files when it lets them go.
 */
class BillRunTest {

    private static final LocalDate DAY = LocalDate.of(2026, 11, 25);
    private static final CompanyAccount SHOP = new CompanyAccount("shop", "1900000001", "app", null, null, null, null);
    private static final CompanyAccount OTHER = new CompanyAccount("other", "1900000002", "app", null, null, null, null);

    private final List<String> asked = new ArrayList<>();

    /** A company whose bills are one working file each, and whose bill of {@code failing} is not had. */
    private CompanyPort company(LocalDate failing) {
        PaymentCompany company = (PaymentCompany) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {PaymentCompany.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "method" -> "alphapay";
                    case "bill" -> {
                        CompanyAccount account = (CompanyAccount) args[0];
                        LocalDate day = (LocalDate) args[1];
                        asked.add(account.merchant() + " " + day);
                        if (day.equals(failing)) {
                            throw new CompanyUnavailable("the company gave no answer");
                        }
                        Path file = Files.createTempFile("bill-run-test-", ".gz");
                        yield new CompanyBill(day, List.of(new BillFile("tradebill", "application/gzip", null, null, file, 0)), 0, (orders, each) -> { });
                    }
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        return new CompanyPort(company, new CompanyCalls() {
            @Override
            public void refused(String name, String operation, RuntimeException failure) {
                // counted by the port's metrics in the server; nothing to count here
            }
        });
    }

    @Test
    void eachAccountDaysBillIsAskedForOnceInARunAndItsFilesDeletedWhenLetGo() throws IOException {
        CompanyPort company = company(DAY.plusDays(2));
        List<Path> files = new ArrayList<>();
        try (BillRun run = BillRun.once()) {
            // Three days reconciled in turn, each with its neighbours: five account-days, each asked for once.
            for (LocalDate d = DAY; d.isBefore(DAY.plusDays(3)); d = d.plusDays(1)) {
                for (LocalDate n = d.minusDays(1); !n.isAfter(d.plusDays(1)); n = n.plusDays(1)) {
                    BillRun.Fetched f = run.bill(company, SHOP, n);
                    f.had().ifPresent(b -> files.add(b.files().get(0).path()));
                }
            }
            assertSame(run.bill(company, SHOP, DAY).bill(), run.bill(company, SHOP, DAY).bill());
            BillRun.Fetched failed = run.bill(company, SHOP, DAY.plusDays(2));
            assertNull(failed.bill());
            assertTrue(failed.failure().contains("no answer"), failed.failure());
            run.bill(company, OTHER, DAY);
            assertEquals(List.of("shop 2026-11-24", "shop 2026-11-25", "shop 2026-11-26", "shop 2026-11-27", "shop 2026-11-28",
                    "other 2026-11-25"), asked, "once each, the failed day too");
            Path first = run.bill(company, SHOP, DAY.minusDays(1)).bill().files().get(0).path();
            run.forgetBefore("shop", "alphapay", DAY.plusDays(1));
            assertFalse(Files.exists(first), "a day the run no longer needs is deleted");
            run.bill(company, SHOP, DAY.minusDays(1));
            assertEquals("shop 2026-11-24", asked.get(asked.size() - 1), "and asked for again if it is needed after all");
        }
        files.forEach(f -> assertFalse(Files.exists(f), f + " deleted when the run ends"));
    }
}
