package org.cbec.testing.apidocs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.OpenAPIV3Parser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The documented statuses per operation (docs/api/statuses.md) and the API document say the same:
 * each row of the table under a heading is {@code | `operationId` | `METHOD path` | statuses | ...},
 * and its statuses are exactly those the document gives that operation, as are its operations.
 */
public final class ReadmeStatuses {

    private static final Pattern ROW = Pattern.compile("^\\| `([A-Za-z]+)` \\| `([A-Z]+) ([^`]+)` \\| ([^|]+) \\|");
    private static final Pattern STATUS = Pattern.compile("\\b[1-5][0-9][0-9]\\b");

    private ReadmeStatuses() {
    }

    public static void assertSame(Path table, String heading, Path document, String root) throws Exception {
        OpenAPI api = new OpenAPIV3Parser().read(document.toString());
        assertNotNull(api, document.toString());
        Map<String, Set<String>> documented = ApiDocumentCheck.statuses(api);
        Map<String, String> documentedCalls = new TreeMap<>();
        api.getPaths().forEach((path, item) -> item.readOperationsMap()
                .forEach((method, op) -> documentedCalls.put(op.getOperationId(), method + " " + root + path)));

        List<String> lines = Files.readAllLines(table);
        int start = lines.indexOf(heading);
        assertTrue(start >= 0, table + " has " + heading);
        Map<String, Set<String>> listed = new TreeMap<>();
        Map<String, String> listedCalls = new TreeMap<>();
        for (int i = start + 1; i < lines.size() && !lines.get(i).startsWith("#"); i++) {
            Matcher row = ROW.matcher(lines.get(i));
            if (row.find()) {
                Set<String> statuses = new TreeSet<>();
                Matcher s = STATUS.matcher(row.group(4));
                while (s.find()) {
                    statuses.add(s.group());
                }
                listed.put(row.group(1), statuses);
                listedCalls.put(row.group(1), row.group(2) + " " + row.group(3));
            }
        }
        assertEquals(documented.keySet(), listed.keySet(), table + " lists every operation of the document, and no other");
        assertEquals(documentedCalls, listedCalls, "at the same method and path");
        assertEquals(documented, listed, "with the same statuses");
    }
}
