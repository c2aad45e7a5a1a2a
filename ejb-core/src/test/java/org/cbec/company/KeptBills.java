package org.cbec.company;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The bills a test got from an adapter, closed after each test (their working files deleted):
 * {@code @RegisterExtension final KeptBills bills = new KeptBills();}, then {@code bills.kept(adapter.bill(…))}.
 */
public final class KeptBills implements AfterEachCallback {

    private final List<CompanyBill> bills = new ArrayList<>();

    /** The bill, to be closed after the test. */
    public CompanyBill kept(CompanyBill bill) {
        bills.add(bill);
        return bill;
    }

    @Override
    public void afterEach(ExtensionContext context) {
        bills.forEach(CompanyBill::close);
        bills.clear();
    }
}
