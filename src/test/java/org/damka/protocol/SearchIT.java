package org.damka.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.damka.board.Fen;
import org.damka.game.Game;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code go} in all its forms against the real jar: depth, nodes, movetime (timing), infinite and
 * stop (latency), pondering, searchmoves, perft, and the end of input. Timings are measured from
 * this side of the pipe, as a GUI sees them; the limits leave room for a loaded 2-core machine
 * and the measured values are printed.
 */
class SearchIT extends OneEngineIT {
    /**
     * Slack for a machine busy with other builds; typical values are printed by the tests. On a
     * loaded 2-core machine a thread of the engine or of the test is at times not run for
     * 130–480 ms, charged here to the engine: a timing that fails is measured again once, as
     * such a pause seldom comes twice where a real overrun does.
     */
    static final long SLACK_MS = 150;
    @BeforeEach
    void russianStart() {
        engine.command("setoption name UCI_Variant value russian");
        engine.quiet("position startpos");
    }

    private static long ms(long nanos) {
        return nanos / 1_000_000;
    }

    @Test
    void goDepthReportsEachIterationWithLegalPrincipalVariations() {
        engine.quiet("position startpos moves c3-d4 f6-g5");
        engine.send("go depth 5");
        List<String> out = engine.until("bestmove");
        List<String> infos = out.stream().filter(s -> s.startsWith("info depth")).toList();
        assertEquals(5, infos.size(), out.toString());
        Game start = new Game(Variants.RUSSIAN, Fen.parse(Variants.RUSSIAN, Variants.RUSSIAN.startFen()));
        start.play("c3-d4");
        start.play("f6-g5");
        String[] pv = null;
        for (int d = 1; d <= 5; d++) {
            String info = infos.get(d - 1);
            assertTrue(ProtocolLines.INFO.matcher(info).matches(), info);
            assertTrue(info.startsWith("info depth " + d + " "), info);
            pv = info.substring(info.indexOf(" pv ") + 4).split(" ");
            Game g = start.copy();
            for (String m : pv) assertEquals(m, g.play(m), "pv move not canonical in " + info);
        }
        String[] best = out.get(out.size() - 1).split(" ");
        assertEquals(pv[0], best[1]);
        assertEquals(List.of("ponder", pv[1]), List.of(best[2], best[3]));
    }

    /** A parameter given twice counts with its last value (protocol.md, go). */
    @Test
    void aGoParameterGivenTwiceCountsWithItsLastValue() {
        engine.quiet("position startpos");
        engine.send("go depth 4 depth 2");
        List<String> out = engine.until("bestmove");
        assertEquals(2, out.stream().filter(s -> s.startsWith("info depth")).count(), out.toString());
    }

    /** bench runs on its own thread: isready is answered meanwhile; the node total repeats. */
    @Test
    void benchReportsEveryPositionAndARepeatableTotal() {
        long[] totals = new long[2];
        for (int run = 0; run < 2; run++) {
            engine.send("bench 2");
            engine.send("isready");
            List<String> lines = engine.until("info string bench ");
            assertTrue(lines.contains("readyok"), "isready during bench: " + lines);
            assertTrue(lines.stream().filter(l -> l.startsWith("info string position ")).count() >= 20, lines.toString());
            String last = lines.get(lines.size() - 1);
            assertTrue(last.matches("info string bench \\d+ nodes \\d+ nps \\d+ ms"), last);
            totals[run] = Long.parseLong(last.split(" ")[3]);
        }
        assertEquals(totals[0], totals[1], "bench node total differs between runs");
    }

    @Test
    void goNodesAndMultiPvInfoLines() {
        engine.quiet("setoption name MultiPV value 3");
        engine.send("go nodes 20000");
        List<String> out = engine.until("bestmove");
        engine.quiet("setoption name MultiPV value 1");
        assertTrue(out.stream().anyMatch(s -> s.contains(" multipv ")), out.toString());
        for (String s : out) assertTrue(ProtocolLines.valid(s), s);
    }

    @Test
    void movetimeAnswersInTime() {
        List<String> report = new ArrayList<>();
        for (long t : new long[] {50, 200, 500, 1000}) {
            long took = movetime(t);
            if (took > t + 10 + SLACK_MS) took = Math.min(took, movetime(t)); // once more: see SLACK_MS
            report.add("movetime " + t + " -> " + took + " ms");
            assertTrue(took <= t + 10 + SLACK_MS, "movetime " + t + " answered after " + took + " ms");
            long aim = t - 10 - Math.min(t / 10, 100); // less Move Overhead and the reserve (protocol.md)
            assertTrue(took >= aim / 2, "movetime " + t + " answered after only " + took + " ms");
        }
        System.out.println("SearchIT " + report);
    }

    /** Milliseconds from {@code go movetime t} to bestmove, from the start position. */
    private long movetime(long t) {
        engine.quiet("position startpos");
        long sent = System.nanoTime();
        engine.send("go movetime " + t);
        List<EngineUnderTest.Line> lines = engine.until(l -> l.startsWith("bestmove"), t + 10_000);
        return ms(lines.get(lines.size() - 1).nanos() - sent);
    }

    @Test
    void infiniteWaitsForStopAndStopAnswersAtOnce() throws InterruptedException {
        List<Long> latencies = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            engine.send("go infinite");
            long until = System.nanoTime() + 300_000_000L;
            EngineUnderTest.Line l;
            while ((l = engine.poll(Math.max(1, ms(until - System.nanoTime())))) != null) {
                assertTrue(l.text().startsWith("info "), "before stop: " + l.text());
            }
            long sent = System.nanoTime();
            engine.send("stop");
            List<EngineUnderTest.Line> lines = engine.until(s -> s.startsWith("bestmove"), 10_000);
            latencies.add(ms(lines.get(lines.size() - 1).nanos() - sent));
        }
        List<Long> sorted = new ArrayList<>(latencies);
        Collections.sort(sorted);
        System.out.println("SearchIT stop -> bestmove ms " + latencies + " median " + sorted.get(5) + " max " + sorted.get(9));
        // Typically 1-30 ms; one descheduled thread can make a single one slow.
        assertTrue(sorted.get(5) < 200, "median stop latency: " + latencies);
        assertTrue(sorted.get(9) < 2_000, "stop latencies " + latencies);
        engine.quiet("stop");
    }

    @Test
    void isreadyIsAnsweredDuringASearch() {
        engine.send("go infinite");
        long sent = System.nanoTime();
        engine.send("isready");
        List<EngineUnderTest.Line> lines = engine.until(s -> s.equals("readyok"), 10_000);
        for (EngineUnderTest.Line l : lines) assertTrue(!l.text().startsWith("bestmove"), l.text());
        long took = ms(lines.get(lines.size() - 1).nanos() - sent);
        assertTrue(took < 1_000, "readyok after " + took + " ms");
        List<String> refused = engine.command("position startpos moves c3-d4");
        assertTrue(refused.stream().anyMatch(s -> s.startsWith("info string error position: a search is running")), refused.toString());
        engine.send("stop");
        engine.expect("bestmove");
        engine.quiet("position startpos moves c3-d4");
    }

    @Test
    void ponderWaitsForPonderhitThenKeepsItsClock() throws InterruptedException {
        engine.quiet("position startpos moves c3-d4");
        // Own clock 5 s: a normal search answers well within half of it, counted from ponderhit.
        engine.send("go ponder wtime 5000 btime 5000");
        long until = System.nanoTime() + 800_000_000L;
        EngineUnderTest.Line l;
        while ((l = engine.poll(Math.max(1, ms(until - System.nanoTime())))) != null) {
            assertTrue(l.text().startsWith("info "), "while pondering: " + l.text());
        }
        long sent = System.nanoTime();
        engine.send("ponderhit");
        List<EngineUnderTest.Line> lines = engine.until(s -> s.startsWith("bestmove"), 10_000);
        long took = ms(lines.get(lines.size() - 1).nanos() - sent);
        System.out.println("SearchIT ponderhit -> bestmove " + took + " ms (clock 5000)");
        assertTrue(took <= 1_000, "ponderhit answered after " + took + " ms");

        // Stop during ponder: the best move at once.
        engine.send("go ponder wtime 500 btime 500");
        Thread.sleep(100);
        sent = System.nanoTime();
        engine.send("stop");
        lines = engine.until(s -> s.startsWith("bestmove"), 10_000);
        took = ms(lines.get(lines.size() - 1).nanos() - sent);
        assertTrue(took < 1_000, "stop during ponder answered after " + took + " ms");

        // ponderhit right after go (before the search thread runs) is not lost.
        engine.send("go ponder wtime 400 btime 400");
        engine.send("ponderhit");
        lines = engine.until(s -> s.startsWith("bestmove"), 3_000);
        // ponderhit without a ponder search is ignored.
        engine.quiet("ponderhit");
    }

    /**
     * An info line's time counts from the go, before and after a ponder hit: it restarted at the
     * hit (time went back), and nps divided the nodes since the go by the time since the hit.
     */
    @Test
    void aPonderSearchsTimeCountsFromTheGo() throws InterruptedException {
        engine.quiet("position startpos moves c3-d4");
        engine.send("go ponder movetime 2000"); // 2 s after the hit: an iteration surely ends past 400 ms
        Thread.sleep(300);
        engine.send("ponderhit");
        List<String> lines = engine.until(s -> s.startsWith("bestmove"), 10_000).stream()
                .map(EngineUnderTest.Line::text).filter(s -> s.startsWith("info depth")).toList();
        long lastTime = 0;
        for (String info : lines) {
            long time = field(info, "time"), nodes = field(info, "nodes"), nps = field(info, "nps");
            assertTrue(time >= lastTime, "time went back to " + time + " after " + lastTime + ": " + lines);
            lastTime = time;
            assertEquals(time > 0 ? nodes * 1000 / time : nodes * 1000, nps, info);
        }
        assertTrue(lastTime > 400, "a line after the hit, its time counting the ponder's 300 ms: " + lines);
    }

    /**
     * A search cut short inside an iteration whose first move had already beaten the last
     * finished depth's says so: that line's score is a lower bound (a script timing depths took
     * it for a finished one). Searched under many node limits, the marked line is always the
     * last, one ply past the last finished depth; and some limits give one. Which limits do turns
     * on the evaluation (new weights moved them), so several variants' start positions are tried.
     */
    @Test
    void anUnfinishedIterationsLineIsMarkedLowerbound() {
        int marked = 0;
        List<String> counts = new ArrayList<>();
        for (String variant : List.of("international", "russian", "english", "brazilian", "hexagonal")) {
            int before = marked;
            engine.command("setoption name UCI_Variant value " + variant);
            engine.quiet("ucinewgame");
            engine.quiet("position startpos");
            for (int nodes = 2000; nodes <= 200_000; nodes += 2000) {
                engine.send("go nodes " + nodes);
                List<String> infos = engine.until("bestmove").stream().filter(l -> l.startsWith("info depth")).toList();
                for (int i = 0; i < infos.size(); i++) {
                    if (!infos.get(i).contains(" lowerbound ")) continue;
                    marked++;
                    assertEquals(infos.size() - 1, i, "only the last line: " + infos);
                    assertTrue(i > 0, "after a finished depth: " + infos);
                    assertEquals(field(infos.get(i - 1), "depth") + 1, field(infos.get(i), "depth"), infos.toString());
                }
            }
            counts.add(variant + " " + (marked - before));
        }
        System.out.println("SearchIT lowerbound lines: " + counts);
        assertTrue(marked > 0, "no limit cut an iteration after a better first move");
        engine.command("setoption name UCI_Variant value russian");
    }

    /**
     * A search cut by its node limit inside an iteration ends with its totals: the last line
     * with nodes gives the nodes searched, about the limit (it gave the last finished depth's).
     */
    @Test
    void aNodeLimitedSearchEndsWithItsTotals() {
        for (long limit : new long[] {1000, 30_000, 300_000}) {
            engine.send("go nodes " + limit);
            List<String> lines = engine.until("bestmove");
            String last = lines.get(lines.size() - 2);
            long nodes = field(last, "nodes");
            assertTrue(nodes >= limit && nodes < limit + 2048, limit + ": " + lines);
            if (!last.startsWith("info depth")) {
                assertTrue(ProtocolLines.TOTALS.matcher(last).matches(), last);
                assertTrue(field(lines.get(lines.size() - 3), "nodes") < nodes, lines.toString());
            }
        }
    }

    /**
     * A ponder search whose position has one legal move answers at the hit: it searched on for
     * its clock's time (0.1-0.8 s seen through Hub), where a normal search plays such a move at once.
     */
    @Test
    void aSingleLegalMoveIsPlayedAtThePonderHit() throws InterruptedException {
        engine.quiet("position startpos moves c3-d4 f6-e5"); // d4:f6 is White's only move
        engine.send("go ponder wtime 60000 btime 60000"); // a normal search would think for seconds
        Thread.sleep(300);
        long sent = System.nanoTime();
        engine.send("ponderhit");
        List<EngineUnderTest.Line> lines = engine.until(s -> s.startsWith("bestmove"), 10_000);
        long took = ms(lines.get(lines.size() - 1).nanos() - sent);
        assertEquals("bestmove d4:f6", lines.get(lines.size() - 1).text().split(" ponder")[0]);
        assertTrue(took < 400, "answered " + took + " ms after the hit");
    }

    /** The number after {@code name} in an info line. */
    private static long field(String info, String name) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(" " + name + " (\\d+)").matcher(info);
        assertTrue(m.find(), name + " in " + info);
        return Long.parseLong(m.group(1));
    }

    @Test
    void stopRightAfterGoIsNotLost() {
        for (int i = 0; i < 20; i++) {
            engine.send("go infinite");
            engine.send("stop");
            engine.until(s -> s.startsWith("bestmove"), 3_000);
        }
        assertEquals(List.of(), engine.sync());
    }

    @Test
    void searchmovesRestrictsTheRoot() {
        engine.send("go depth 4 searchmoves a3-b4 g3:h4");
        List<String> out = engine.until("bestmove");
        for (String s : out) {
            if (s.startsWith("info depth")) {
                String first = s.substring(s.indexOf(" pv ") + 4).split(" ")[0];
                assertTrue(first.equals("a3-b4") || first.equals("g3-h4"), s);
            }
        }
        String best = out.get(out.size() - 1).split(" ")[1];
        assertTrue(best.equals("a3-b4") || best.equals("g3-h4"), best);
        List<String> errors = engine.errors("go depth 3 searchmoves a3-b4 c3-c4");
        assertTrue(errors.get(0).contains("searchmoves") && errors.get(0).contains("c3-c4"), errors.get(0));
        assertEquals(1, engine.errors("go depth 3 searchmoves").size());
    }

    @Test
    void aSingleLegalMoveIsPlayedAtOnceOnAClock() {
        engine.quiet("position fen W:Wc3:Bd4,a7");
        long sent = System.nanoTime();
        engine.send("go wtime 60000 btime 60000 winc 1000 binc 1000");
        List<EngineUnderTest.Line> lines = engine.until(s -> s.startsWith("bestmove"), 10_000);
        long took = ms(lines.get(lines.size() - 1).nanos() - sent);
        assertEquals("bestmove c3:e5", lines.get(lines.size() - 1).text());
        assertTrue(took < 200, "forced move took " + took + " ms");
    }

    @Test
    void perftMatchesThePublishedCounts() {
        assertPerft("russian", null, 5, 7, 7482);
        assertPerft("international", null, 4, 9, 4265);
        assertPerft("english", null, 5, 7, 7361);
        assertPerft("hexagonal", null, 3, 16, 4320);
        assertPerft("international", "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38", 6, 6, 590);
    }

    private static void assertPerft(String variant, String fen, int depth, int moves, long total) {
        engine.command("setoption name UCI_Variant value " + variant);
        engine.quiet(fen == null ? "position startpos" : "position fen " + fen);
        engine.send("go perft " + depth);
        List<String> out = engine.until("Nodes searched: ");
        assertEquals("Nodes searched: " + total, out.get(out.size() - 1), variant);
        assertEquals(moves, out.size() - 1, out.toString());
        Rules rules = Variants.byName(variant);
        Game g = new Game(rules, Fen.parse(rules, fen == null ? rules.startFen() : fen));
        List<String> legal = g.legalMoveTexts();
        long sum = 0;
        for (String s : out.subList(0, out.size() - 1)) {
            String[] kv = s.split(": ");
            assertTrue(legal.contains(kv[0]), s);
            sum += Long.parseLong(kv[1]);
        }
        assertEquals(total, sum);
    }

    @Test
    void deepPerftStopsAtOnce() throws InterruptedException {
        engine.command("setoption name UCI_Variant value international");
        engine.send("go perft 14");
        Thread.sleep(300);
        long sent = System.nanoTime();
        engine.send("stop");
        List<EngineUnderTest.Line> lines = engine.until(s -> s.startsWith("info string perft stopped"), 10_000);
        long took = ms(lines.get(lines.size() - 1).nanos() - sent);
        assertTrue(took < 200, "perft stop took " + took + " ms");
        assertEquals(1, engine.errors("go perft 0").size());
        assertEquals(1, engine.errors("go perft 41").size());
        assertEquals(1, engine.errors("go perft 3 depth 2").size());
    }

    @Test
    void endOfInputLetsALimitedSearchAnswerThenExits() {
        try (EngineUnderTest e = EngineUnderTest.start()) {
            e.send("position startpos moves c3-d4");
            e.send("go movetime 300");
            e.closeInput();
            assertTrue(e.expect("bestmove").matches("bestmove \\S+( ponder \\S+)?"));
            assertEquals(0, e.waitFor(10_000));
        }
    }

    @Test
    void endOfInputStopsAnInfiniteSearchThenExits() {
        try (EngineUnderTest e = EngineUnderTest.start()) {
            e.send("go infinite");
            e.send("isready");
            e.expect("readyok");
            e.closeInput();
            e.expect("bestmove");
            assertEquals(0, e.waitFor(10_000));
        }
    }

    @Test
    void quitDuringASearchAnswersAndExits() {
        try (EngineUnderTest e = EngineUnderTest.start()) {
            e.send("go infinite");
            e.sync(); // the search runs (quit drops commands still queued before it)
            e.send("quit");
            e.expect("bestmove");
            assertEquals(0, e.waitFor(10_000));
        }
    }

    @Test
    void goParametersOutOfRangeAreRefused() {
        for (String bad : List.of("go depth 0", "go depth 128", "go depth -3", "go depth x", "go depth", "go nodes 0",
                "go movetime 0", "go movetime -5", "go movestogo 100001", "go wtime abc", "go banana",
                "go depth 99999999999999999999999", "go nodes 9223372036854775808", "go nodes 1000000000000001", "go wtime 5 binc", "go depth \u0662", "go movetime \uff15")) {
            assertEquals(1, engine.errors(bad).size(), bad);
        }
        // Clocks at zero or below are accepted (the GUI's clock is nearly out): answer at once. So
        // are increments below 0 (read as 0) and movestogo 0 (read as none): the GUI's clock runs.
        // A clock for the other side only (White is to move) leaves ours nearly out, not unlimited.
        engine.quiet("position startpos");
        for (String ok : List.of("go wtime 0 btime 0", "go wtime -100 btime -100",
                "go wtime 99999999999999999 btime 1 winc 99999999999999999 depth 2", "go btime 100", "go binc 100",
                "go wtime 100 btime 100 winc -1 binc -1", "go wtime 100 btime 100 movestogo 0", "go wtime 50 btime 50 movestogo -3")) {
            long sent = System.nanoTime();
            engine.send(ok);
            List<EngineUnderTest.Line> lines = engine.until(l -> l.startsWith("bestmove") || l.startsWith("info string error"), 10_000);
            assertTrue(lines.get(lines.size() - 1).text().startsWith("bestmove"), ok + ": " + lines);
            assertTrue(ms(lines.get(lines.size() - 1).nanos() - sent) < 300, ok);
        }
    }
}
