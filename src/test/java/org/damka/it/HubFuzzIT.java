package org.damka.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The Hub protocol's side of FuzzIT: one {@code damka hub} process gets 20,000 random and mutated
 * Hub lines (the commands and arguments pydraughts and the Hub GUI send, cut, repeated, quoted
 * wrongly, with other values, garbage bytes). After every 500 lines the engine must have served
 * them all within 30 s (an unknown command of the test's own is answered in turn) and answer a
 * {@code ping}; the process must live to the end; every line it writes must be a Hub line, none an
 * internal error, and nothing may reach stderr. Every {@code go} is followed by {@code stop}.
 * The seed is printed; {@code -Dfuzz.seed=N} sends the same lines again.
 */
@Timeout(600)
class HubFuzzIT {
    private static final int LINES = Integer.getInteger("fuzz.hub.lines", 20_000);
    private static final long SYNC_TIMEOUT_MS = 30_000;
    /** What the engine may write in Hub mode (protocol.md, "Hub"). */
    private static final Pattern HUB_LINE = Pattern.compile("(id|param|info|done|error)( .*)?|wait|ready|pong");

    private static final String[] COMMANDS = {"hub", "init", "new-game", "pos", "level", "go", "stop", "ping",
            "ponder-hit", "set-param", "quit", "", "pos start", "go think", "go ponder", "go analyze", "level depth=2"};
    private static final String[] VARIANTS = {"normal", "russian", "brazilian", "english", "hexagonal", "frisian", ""};
    private static final String[] PARAMS = {"variant", "hash", "threads", "ponder", "move-overhead", "move-squares", "bogus"};
    private static final String[] LEVELS = {"depth", "nodes", "move-time", "time", "inc", "moves", "infinite"};
    private static final String[] VALUES = {"1", "2", "0", "-1", "0.05", "1e9", "abc", "", "\"", "\"x y\"", "99999999999999999999",
            "true", "false", "variant", "position", "8", "4096", "0.001"};
    private static final String[] MOVES = {"32-28", "33-29", "19-23", "28x19", "11-15", "22-18", "15x22", "9-13", "10-14", "23-19",
            "14x23", "27x20x23", "a1-b2", "x", "-", "1-1", "50-45", "46x37"};

    @Test
    void twentyThousandBadHubLinesNeverHurtTheEngine() throws Exception {
        long seed = Long.getLong("fuzz.seed", System.nanoTime());
        System.out.println("HubFuzzIT seed " + seed + "; replay with -Dfuzz.seed=" + seed);
        Random rnd = new Random(seed);
        long started = System.nanoTime();
        try (JarProcess engine = new JarProcess("hub")) {
            engine.send("hub");
            engine.until("wait"::equals, SYNC_TIMEOUT_MS);
            List<String> written = new ArrayList<>();
            for (int sent = 0, sync = 0; sent < LINES; sync++) {
                for (int i = 0; i < 500; i++, sent++) {
                    String line = line(rnd);
                    if (line.trim().equalsIgnoreCase("quit")) line = "ping quit";
                    engine.send(line);
                    if (line.trim().startsWith("go")) engine.send("stop");
                }
                // The fuzz lines hold pings too: an unknown command of its own marks where the batch ends.
                String marker = "fuzz-sync-" + sync;
                engine.send(marker);
                List<String> out = engine.until(l -> l.contains("'" + marker + "'"), SYNC_TIMEOUT_MS);
                written.addAll(out);
                engine.send("ping");
                written.addAll(engine.until("pong"::equals, SYNC_TIMEOUT_MS));
            }
            engine.send("quit");
            assertTrue(engine.waitFor(10_000), "seed " + seed + ": no exit after quit");
            List<String> bad = written.stream().filter(l -> !HUB_LINE.matcher(l).matches()).limit(10).toList();
            assertEquals(List.of(), bad, "seed " + seed + ": lines that are not Hub lines");
            List<String> internal = written.stream().filter(l -> l.contains("internal error")).limit(10).toList();
            assertEquals(List.of(), internal, "seed " + seed);
            assertEquals(List.of(), engine.stderrLines(), "seed " + seed + ": stderr");
            System.out.println("HubFuzzIT " + LINES + " lines, " + written.size() + " answers in "
                    + (System.nanoTime() - started) / 1_000_000 + " ms, seed " + seed);
        }
    }

    /** One line: mostly well-formed commands with odd arguments, some mutated, a few garbage. */
    private static String line(Random rnd) {
        int kind = rnd.nextInt(20);
        if (kind == 0) return garbage(rnd);
        String line = switch (rnd.nextInt(9)) {
            case 0 -> "set-param name=" + pick(rnd, PARAMS) + " value=" + (rnd.nextBoolean() ? pick(rnd, VARIANTS) : pick(rnd, VALUES));
            case 1 -> "level " + pick(rnd, LEVELS) + "=" + pick(rnd, VALUES) + (rnd.nextBoolean() ? " " + pick(rnd, LEVELS) + "=" + pick(rnd, VALUES) : "");
            case 2 -> "pos start moves=\"" + moves(rnd) + "\"";
            case 3 -> "pos pos=" + position(rnd) + (rnd.nextBoolean() ? " moves=\"" + moves(rnd) + "\"" : "");
            case 4 -> "go " + pick(rnd, new String[] {"think", "ponder", "analyze", "", "bogus", "think extra=1"});
            default -> pick(rnd, COMMANDS);
        };
        return kind == 1 ? mutate(rnd, line) : line;
    }

    private static String moves(Random rnd) {
        StringBuilder sb = new StringBuilder();
        for (int i = rnd.nextInt(6); i > 0; i--) sb.append(pick(rnd, MOVES)).append(i > 1 ? " " : "");
        return sb.toString();
    }

    /** A position string of a random length (51 is a 10×10 board's) with random letters. */
    private static String position(Random rnd) {
        int length = rnd.nextInt(4) == 0 ? rnd.nextInt(60) : rnd.nextBoolean() ? 51 : 33;
        StringBuilder sb = new StringBuilder(rnd.nextBoolean() ? "W" : "B");
        for (int i = 1; i < length; i++) sb.append("ewbWBex".charAt(rnd.nextInt(7)));
        return sb.toString();
    }

    /** Cuts, doubles or corrupts one character of a line. */
    private static String mutate(Random rnd, String line) {
        if (line.isEmpty()) return "\"";
        int at = rnd.nextInt(line.length());
        return switch (rnd.nextInt(3)) {
            case 0 -> line.substring(0, at);
            case 1 -> line.substring(0, at) + line.charAt(at) + line.substring(at);
            default -> line.substring(0, at) + "\"=\t\u00e9 ".charAt(rnd.nextInt(5)) + line.substring(at + 1);
        };
    }

    private static String garbage(Random rnd) {
        StringBuilder sb = new StringBuilder();
        for (int i = rnd.nextInt(200); i > 0; i--) {
            char c = (char) (1 + rnd.nextInt(300));
            if (c != '\n' && c != '\r') sb.append(c);
        }
        return sb.toString();
    }

    private static String pick(Random rnd, String[] from) {
        return from[rnd.nextInt(from.length)];
    }
}
