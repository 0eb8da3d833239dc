package org.damka.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Commands a GUI sends without waiting for the answers (issue 11, point 1): a {@code position}
 * or {@code go} that arrives while a stopped search is still finishing waits for it instead of
 * being refused, {@code isready} after {@code stop} answers only after that search's
 * {@code bestmove}, and every {@code go} gets exactly one {@code bestmove}, in order.
 */
class PipelinedCommandsIT extends OneEngineIT {
    private static final int ROUNDS = 100;

    /** The probe of the issue, many times over, each round written in one go. */
    @Test
    void stopIsreadyPositionGoNeverRefusedAndEveryGoAnswered() {
        engine.quiet("position startpos");
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < ROUNDS; i++) {
            String move = i % 2 == 0 ? "c3-d4" : "c3-b4";
            engine.send("go infinite\nstop\nisready\nposition startpos moves " + move + "\ngo depth 2");
            List<String> round = engine.untilText(s -> s.equals("readyok"), 30_000);
            // readyok comes after the stopped search's bestmove, never before it
            assertEquals(1, round.stream().filter(s -> s.startsWith("bestmove")).count(), "round " + i + ": " + round);
            lines.addAll(round);
            List<String> second = engine.until("bestmove");
            lines.addAll(second);
            assertTrue(second.stream().noneMatch(s -> s.startsWith("info string error")), "round " + i + ": " + second);
        }
        assertEquals(List.of(), lines.stream().filter(s -> s.startsWith("info string")).toList());
        assertEquals(2 * ROUNDS, lines.stream().filter(s -> s.startsWith("bestmove ")).count());
        assertEquals(List.of(), engine.sync(), "nothing left over");
    }

    /** go/stop pipelined a hundred times: a hundred best moves, and nothing else is said. */
    @Test
    void pipelinedGoStopGivesOneBestmoveEach() {
        engine.quiet("position startpos");
        StringBuilder all = new StringBuilder();
        for (int i = 0; i < ROUNDS; i++) all.append(i == 0 ? "" : "\n").append("go\nstop");
        engine.send(all.toString());
        List<String> out = engine.sync();
        assertEquals(List.of(), out.stream().filter(s -> s.startsWith("info string")).toList());
        assertEquals(ROUNDS, out.stream().filter(s -> s.startsWith("bestmove ")).count(), out.toString());
    }

    /** A go or setoption behind a limited search waits for it: one answer each, in order. */
    @Test
    void commandsBehindALimitedSearchWaitForIt() {
        engine.send("position startpos\ngo depth 6\nsetoption name MultiPV value 1\nposition startpos moves c3-d4\ngo depth 1");
        List<String> out = engine.until("bestmove");
        assertTrue(out.get(out.size() - 2).startsWith("info depth 6 "), out.toString());
        out = engine.until("bestmove");
        assertEquals(List.of("info depth 1"), out.subList(0, out.size() - 1).stream()
                .map(s -> s.substring(0, 12)).toList(), out.toString());
        assertEquals(List.of(), engine.sync());
    }

    /**
     * A stop read while the go it answers still waits behind another search stops that one too:
     * every search asked for before the stop answers at once, then readyok (the stop used to end
     * only the queued search, and the long one ran on).
     */
    @Test
    void aStopEndsEverySearchAskedForBeforeIt() {
        engine.send("position startpos\ngo depth 60\ngo infinite\nstop\nisready");
        List<String> out = engine.untilText(s -> s.equals("readyok"), 10_000);
        assertEquals(2, out.stream().filter(s -> s.startsWith("bestmove ")).count(), out.toString());
        engine.send("go depth 60\nposition startpos moves c3-d4\nstop\ngo depth 1");
        out = engine.until("bestmove");
        out = engine.until("bestmove");
        assertTrue(out.get(0).startsWith("info depth 1 "), "the go after the stop searches: " + out);
        assertEquals(List.of(), engine.sync());
    }

    /** A malformed go behind a search is refused after that search's bestmove, in order, as position's errors are. */
    @Test
    void aBadGoBehindASearchIsAnsweredAfterItsBestmove() {
        engine.send("position startpos\ngo depth 9\ngo depth 0\nposition fen junk");
        List<String> out = engine.until("bestmove");
        assertTrue(out.stream().noneMatch(s -> s.startsWith("info string error")), out.toString());
        List<String> errors = engine.sync().stream().filter(s -> s.startsWith("info string error")).toList();
        assertEquals(2, errors.size(), errors.toString());
        assertTrue(errors.get(0).startsWith("info string error go: depth must be 1..127"), errors.get(0));
        assertTrue(errors.get(1).startsWith("info string error position:"), errors.get(1));
    }
}
