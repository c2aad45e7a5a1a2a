package org.cbec.company;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A company's bills of one Beijing day for one merchant account: the files as downloaded, kept in
 * working files of this node, and their lines, read from the files as a stream each time they are
 * asked for ({@link #forEachLine}), never held all at once. The adapter read every line once before
 * it gave the bill (a file that does not read is no answer), so {@link #lineCount} is known. A day
 * without trades is a bill without files or lines (the company's {@code NO_STATEMENT_EXIST} is
 * read as that, not as a refusal). Closing the bill deletes its working files.
 */
public final class CompanyBill implements AutoCloseable {

    /**
     * How an adapter reads its files' lines, in the order of the files: at least every line of an
     * order {@code orders} takes and every line of no order; a row of another order may be skipped
     * unread.
     */
    @FunctionalInterface
    public interface Lines {
        void read(Predicate<String> orders, Consumer<BillLine> each);
    }

    private final LocalDate billDate;
    private final List<BillFile> files;
    private final long lineCount;
    private final Lines lines;

    public CompanyBill(LocalDate billDate, List<BillFile> files, long lineCount, Lines lines) {
        this.billDate = billDate;
        this.files = List.copyOf(files);
        this.lineCount = lineCount;
        this.lines = lines;
    }

    /** A day without lines. */
    public static CompanyBill empty(LocalDate billDate) {
        return new CompanyBill(billDate, List.of(), 0, (orders, each) -> { });
    }

    public LocalDate billDate() {
        return billDate;
    }

    public List<BillFile> files() {
        return files;
    }

    public long lineCount() {
        return lineCount;
    }

    /** Reads the files again and gives each line in turn. */
    public void forEachLine(Consumer<BillLine> each) {
        lines.read(order -> true, each);
    }

    /**
     * Reads the files again for a part of the day: gives at least each line whose order (its
     * {@link BillLine#orderRef}) {@code orders} takes and each line of no order, and maybe others,
     * which the caller leaves; an adapter skips the rest unread where its files allow.
     */
    public void forEachLine(Predicate<String> orders, Consumer<BillLine> each) {
        lines.read(orders, each);
    }

    /** Every line at once: for a bill known to be small (the tests'), never for a day's reconciliation. */
    public List<BillLine> lines() {
        List<BillLine> all = new ArrayList<>();
        forEachLine(all::add);
        return all;
    }

    /** Deletes the working files. */
    @Override
    public void close() {
        files.forEach(BillFile::delete);
    }
}
