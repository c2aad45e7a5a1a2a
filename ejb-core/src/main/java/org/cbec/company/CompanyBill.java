package org.cbec.company;

import java.time.LocalDate;
import java.util.List;

/**
 * A company's bills of one Beijing day for one merchant account: every line of every bill the
 * adapter read, and the files as downloaded. A day without trades is a bill without lines (the
 * company's {@code NO_STATEMENT_EXIST} is read as that, not as a refusal).
 */
public record CompanyBill(LocalDate billDate, List<BillLine> lines, List<BillFile> files) {

    public CompanyBill {
        lines = List.copyOf(lines);
        files = List.copyOf(files);
    }
}
