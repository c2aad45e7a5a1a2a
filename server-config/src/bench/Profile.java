import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * Shares of a JFR recording's execution samples (server-config/bench, BENCH_PROFILE):
 *
 *   java src/bench/Profile.java FILE.jfr [label=frame-prefix ...]
 *
 * Counts the samples of every thread, then for each label the share of samples whose stack holds
 * a frame whose "class.method" starts with one of the label's prefixes (comma-separated; inclusive
 * time, so labels overlap), and last the 25 methods most often on top of the stack (self time).
 */
public class Profile {

    public static void main(String[] args) throws Exception {
        Map<String, List<String>> labels = new LinkedHashMap<>();
        for (int i = 1; i < args.length; i++) {
            String[] kv = args[i].split("=", 2);
            labels.put(kv[0], List.of(kv[1].split(",")));
        }
        Map<String, Integer> inclusive = new HashMap<>();
        Map<String, Integer> self = new HashMap<>();
        Map<String, Integer> threads = new HashMap<>();
        int total = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(Path.of(args[0]))) {
            if (!e.getEventType().getName().equals("jdk.ExecutionSample") || e.getStackTrace() == null) {
                continue;
            }
            total++;
            String thread = e.getThread("sampledThread") == null ? "?" : e.getThread("sampledThread").getJavaName();
            threads.merge(thread == null ? "?" : thread.replaceAll("[0-9()]+", "#"), 1, Integer::sum);
            List<String> frames = new ArrayList<>();
            for (RecordedFrame f : e.getStackTrace().getFrames()) {
                frames.add(f.getMethod().getType().getName() + "." + f.getMethod().getName());
            }
            if (!frames.isEmpty()) {
                self.merge(frames.get(0), 1, Integer::sum);
            }
            for (var label : labels.entrySet()) {
                if (frames.stream().anyMatch(f -> label.getValue().stream().anyMatch(f::startsWith))) {
                    inclusive.merge(label.getKey(), 1, Integer::sum);
                }
            }
        }
        System.out.printf("PROFILE samples=%d%n", total);
        int all = Math.max(total, 1);
        threads.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(8)
                .forEach(t -> System.out.printf("THREADS %5.1f%% %s%n", 100.0 * t.getValue() / all, t.getKey()));
        for (String label : labels.keySet()) {
            System.out.printf("SHARE %5.1f%% %s%n", 100.0 * inclusive.getOrDefault(label, 0) / all, label);
        }
        self.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(25)
                .forEach(t -> System.out.printf("SELF %5.1f%% %s%n", 100.0 * t.getValue() / all, t.getKey()));
    }
}
