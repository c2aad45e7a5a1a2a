package org.cbec.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds secrets in a server log: the secrets a test knows (configured passwords and keys), and
 * anything shaped like one it does not know (an issued API key, a webhook secret, a PEM private
 * key, a resident identity number). A finding names the kind and where, never the secret itself.
 */
public final class LogSecrets {

    private static final Pattern API_KEY = Pattern.compile("(?<![A-Za-z0-9_-])c[bc]k_[A-Za-z0-9_-]{20,}");
    /** A Standard Webhooks signing secret, as the broker issues them. */
    private static final Pattern WEBHOOK_SECRET = Pattern.compile("whsec_[A-Za-z0-9+/]{20,}");
    private static final Pattern PRIVATE_KEY = Pattern.compile("PRIVATE KEY|MII[EF][A-Za-z0-9+/]{60,}");
    /** 18 characters with a birth date where one belongs; its check character is checked below. */
    private static final Pattern RESIDENT_ID = Pattern.compile(
            "(?<![0-9A-Za-z])[1-9][0-9]{5}(18|19|20)[0-9]{2}(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])[0-9]{3}[0-9Xx](?![0-9A-Za-z])");

    private LogSecrets() {
    }

    /** What the log holds that it must not: empty when it is clean. */
    public static List<String> findings(Path log, Collection<String> knownSecrets) {
        String text;
        try {
            text = Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return findings(text, log.getFileName().toString(), knownSecrets);
    }

    public static List<String> findings(String text, String where, Collection<String> knownSecrets) {
        List<String> found = new ArrayList<>();
        int i = 0;
        for (String secret : knownSecrets) {
            i++;
            if (secret != null && !secret.isEmpty() && text.contains(secret)) {
                found.add("known secret #" + i + " in " + where + " at offset " + text.indexOf(secret));
            }
        }
        add(found, "an API key", API_KEY.matcher(text), where, false);
        add(found, "a private key", PRIVATE_KEY.matcher(text), where, false);
        add(found, "a webhook secret", WEBHOOK_SECRET.matcher(text), where, false);
        add(found, "a resident identity number", RESIDENT_ID.matcher(text), where, true);
        return found;
    }

    /**
     * GB 11643's check character (ISO 7064 MOD 11-2), written here again rather than taken from the
     * production {@code ResidentId}: a bug there must not hide a leaked number here.
     */
    static boolean checkCharacterFits(String id) {
        int[] weights = {7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2};
        int sum = 0;
        for (int i = 0; i < 17; i++) {
            sum += (id.charAt(i) - '0') * weights[i];
        }
        return Character.toUpperCase(id.charAt(17)) == "10X98765432".charAt(sum % 11);
    }

    private static void add(List<String> found, String kind, Matcher m, String where, boolean residentIds) {
        while (m.find()) {
            if (residentIds && !checkCharacterFits(m.group())) {
                continue;
            }
            found.add(kind + " in " + where + " at offset " + m.start());
        }
    }
}
