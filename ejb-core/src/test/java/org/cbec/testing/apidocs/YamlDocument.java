package org.cbec.testing.apidocs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.yaml.snakeyaml.Yaml;

/** A service's API document as written (its YAML file), read as maps for the tests that hold the code to its limits. */
public final class YamlDocument {

    private YamlDocument() {
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> load(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return (Map<String, Object>) new Yaml().load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The map found by following {@code keys} from {@code o}. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> map(Object o, String... keys) {
        Object at = o;
        for (String k : keys) {
            at = ((Map<String, Object>) at).get(k);
        }
        return (Map<String, Object>) at;
    }
}
