package org.cbec.company;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** What an operator reads in the log of the failures that count towards a company's circuit. */
class CompanyCallsTest {

    @Test
    void aFailureTheCircuitCountsIsOneShortLineNamingTheCompanyAndTheFailure() {
        List<LogRecord> records = logged(() -> new CompanyCalls().failed("alphapay", "query", "the company answered HTTP 503"));
        assertEquals(1, records.size());
        LogRecord line = records.get(0);
        assertEquals(Level.WARNING, line.getLevel());
        assertNull(line.getThrown(), "no stack trace");
        String text = new java.util.logging.SimpleFormatter().formatMessage(line);
        assertTrue(text.contains("alphapay") && text.contains("query") && text.contains("the company answered HTTP 503"), text);
        assertTrue(text.contains("circuit"), () -> "says that it counts towards the circuit: " + text);
        assertTrue(text.length() < 200 && !text.contains("\n"), text);
    }

    private static List<LogRecord> logged(Runnable action) {
        Logger log = Logger.getLogger(CompanyCalls.class.getName());
        List<LogRecord> records = new ArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                records.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        log.addHandler(handler);
        try {
            action.run();
        } finally {
            log.removeHandler(handler);
        }
        return records;
    }
}
