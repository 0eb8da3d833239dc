package org.damka.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The example sessions at the end of protocol.md are what the engine says today: each variant's
 * script is played again against the jar and every answer that does not depend on the clock is
 * compared line by line (a session recorded before hexagonal played its learned evaluation showed
 * another best move for months). Searches bounded by time, the searches after them (they start
 * from the table those filled), the nps and time fields of every search and the version in
 * {@code id name} are left out. When this fails, run {@code scripts/record-sessions.sh --update}.
 */
class RecordedSessionsIT {
    private static final Pattern CLOCK_FIELDS = Pattern.compile(" nps \\d+ time \\d+");
    private static final Pattern VERSION = Pattern.compile("^< id name damka \\S+$");

    @Test
    void everyAnswerNotBoundByTimeIsTheEngines() throws Exception {
        String jar = System.getProperty("damka.jar", "target/damka.jar");
        String doc = Files.readString(Path.of("protocol.md"), StandardCharsets.UTF_8);
        for (Map.Entry<String, List<String>> s : SessionRecorder.scripts().entrySet()) {
            List<List<String>> written = exchanges(documented(doc, s.getKey()));
            List<List<String>> played = exchanges(SessionRecorder.record(jar, s.getValue()));
            assertEquals(commands(written), commands(played), s.getKey() + ": the commands of the session");
            boolean timedBefore = false;
            for (int i = 0; i < written.size(); i++) {
                String command = written.get(i).get(0);
                // A search after a timed one starts from its table entries: its tree depends on the clock too.
                boolean timed = boundByTime(command)
                        || timedBefore && command.startsWith("> go") && !command.startsWith("> go perft"); // perft has no table
                timedBefore |= timed;
                if (timed) continue;
                assertEquals(withoutClock(written.get(i)), withoutClock(played.get(i)),
                        s.getKey() + ": the answer to '" + written.get(i).get(0) + "' (scripts/record-sessions.sh --update)");
            }
        }
    }

    /** The lines of a variant's session in protocol.md (between its code fences). */
    private static List<String> documented(String doc, String variant) throws IOException {
        int heading = doc.indexOf("\n### " + variant + "\n", doc.indexOf("<!-- sessions:"));
        assertTrue(heading > 0, "protocol.md has no recorded session for " + variant);
        int open = doc.indexOf("```\n", heading) + 4;
        return List.of(doc.substring(open, doc.indexOf("\n```", open)).split("\n"));
    }

    /** The session cut at each command sent: the command, then the lines it was answered with. */
    private static List<List<String>> exchanges(List<String> lines) {
        List<List<String>> out = new ArrayList<>();
        for (String l : lines) {
            if (l.startsWith("> ")) out.add(new ArrayList<>());
            if (!out.isEmpty()) out.get(out.size() - 1).add(l);
        }
        return out;
    }

    private static List<String> commands(List<List<String>> exchanges) {
        return exchanges.stream().map(e -> e.get(0)).toList();
    }

    /** A search that ends on the clock (or when told), and what it prints. */
    private static boolean boundByTime(String command) {
        String c = command.substring(2);
        return c.equals("stop") || c.equals("ponderhit")
                || c.startsWith("go") && Pattern.compile("movetime|wtime|btime|infinite|ponder").matcher(c).find();
    }

    private static List<String> withoutClock(List<String> exchange) {
        return exchange.stream().map(l -> CLOCK_FIELDS.matcher(l).replaceAll(" nps _ time _"))
                .map(l -> VERSION.matcher(l).replaceAll("< id name damka _")).toList();
    }
}
