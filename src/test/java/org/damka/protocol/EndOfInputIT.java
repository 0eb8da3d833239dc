package org.damka.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The end of the input (issue 11, point 4; protocol.md, "End of input"): a script that writes
 * {@code bench} and closes the pipe gets the bench; a search that would outlive a dead GUI
 * (depth 127, perft 40, bench 40, also one queued behind another) is stopped, answers, and the process
 * exits. The bounds are generous: the rule gives such a search one second.
 */
class EndOfInputIT {
    private static final long EXIT_MS = 20_000;

    @Test
    void benchCompletesBeforeTheEngineExits() {
        try (EngineUnderTest e = EngineUnderTest.start()) {
            e.send("bench");
            e.closeInput();
            String last = e.expect("info string bench ");
            assertTrue(last.matches("info string bench \\d+ nodes \\d+ nps \\d+ ms"), last);
            assertEquals(0, e.waitFor(EXIT_MS));
        }
    }

    /** A bench to a depth of the user's choice is bounded like go depth: bench 40 would run for days. */
    @Test
    void aDeepBenchIsStoppedAndSaysSo() {
        stoppedAtEndOfInputSaying("bench 40", "info string bench stopped after ");
    }

    /** Sends a job that would outlive the input, closes it, and expects the stop line and a clean exit. */
    private static void stoppedAtEndOfInputSaying(String command, String stopLine) {
        try (EngineUnderTest e = EngineUnderTest.start()) {
            e.send(command);
            e.closeInput();
            e.expect(stopLine);
            assertEquals(0, e.waitFor(EXIT_MS));
        }
    }

    @Test
    void aDeepSearchIsStoppedAndAnswers() {
        try (EngineUnderTest e = EngineUnderTest.start()) {
            e.send("go depth 127");
            e.closeInput();
            assertTrue(e.expect("bestmove").matches("bestmove \\S+( ponder \\S+)?"));
            assertEquals(0, e.waitFor(EXIT_MS));
        }
    }

    @Test
    void aDeepPerftIsStoppedAndSaysSo() {
        stoppedAtEndOfInputSaying("go perft 40", "info string perft stopped");
    }

    @Test
    void searchesQueuedBehindEachOtherAreEachBoundedAndAnswered() {
        List<String> said = transcriptAfterEndOfInput("go depth 127\nposition startpos moves c3-d4\ngo depth 127\ngo infinite");
        assertEquals(3, said.stream().filter(s -> s.startsWith("bestmove ")).count(), said.toString());
        assertEquals(List.of(), said.stream().filter(s -> s.startsWith("info string")).toList());
    }

    /** The end of input bounds the search it finds running, never a later one started from queued lines. */
    @Test
    void aSearchQueuedBehindAStoppedOneIsNotCutShort() {
        List<String> said = transcriptAfterEndOfInput("go infinite\nstop\nisready\nposition startpos moves c3-d4\ngo depth 3");
        assertEquals(2, said.stream().filter(s -> s.startsWith("bestmove ")).count(), said.toString());
        assertTrue(said.stream().anyMatch(s -> s.startsWith("info depth 3 ")), said.toString());
    }

    /**
     * quit is served in its turn, as Stockfish does: the commands a script wrote before it are
     * answered (a search it starts is stopped at once and still gives its bestmove), then the
     * process exits. A script's "go depth 6" followed by "quit" must not lose its answer.
     */
    @Test
    void quitAnswersTheCommandsWrittenBeforeIt() {
        List<String> said = transcriptAfterEndOfInput("uci\nisready\nposition startpos\ngo depth 6\nd\ngo depth 127\nquit");
        assertTrue(said.contains("readyok"), said.toString());
        assertEquals(2, said.stream().filter(s -> s.startsWith("bestmove ")).count(), said.toString());
        assertTrue(said.stream().anyMatch(s -> s.startsWith("info string position ")), said.toString());
    }

    /**
     * A ponderhit written before the end of the input comes for the ponder search: the search
     * then runs on its clock (1.5 s), not stopped at once by the end of the input (the rule for
     * a ponder search) before its ponderhit is served.
     */
    @Test
    void aPonderHitWrittenBeforeTheEndTurnsThePonderSearchIntoATimedOne() {
        try (EngineUnderTest e = EngineUnderTest.start()) {
            long start = System.nanoTime();
            e.send("position startpos\ngo ponder movetime 1500\nponderhit");
            e.closeInput();
            e.expect("bestmove");
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(ms >= 1200, "answered after " + ms + " ms of a 1500 ms search");
            assertEquals(0, e.waitFor(EXIT_MS));
        }
    }

    /**
     * A script that sets the tables' folder (or the weights) and asks isready, then closes its
     * input, was told nothing: isready at the end of the input skipped building the search, and so
     * the tables' load and its notes, with the warm-up. So did a quit after isready (the script's
     * usual last line), read before isready was served.
     */
    @ParameterizedTest
    @ValueSource(strings = {"", "\nquit"})
    void isreadyAtTheEndOfTheInputStillSaysWhatTheTablesLoadFound(String after, @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        String missing = dir.resolve("missing").toString();
        List<String> said = transcriptAfterEndOfInput("setoption name EGDBPath value " + missing + "\nisready" + after);
        assertEquals(List.of("info string EGDB: no tables of russian up to 5 pieces in " + missing + " (no such folder)", "readyok"),
                said, said.toString());
    }

    /** eval (and d) load the tables to give their value; what the load found was never said. */
    @Test
    void evalSaysWhatTheTablesLoadFound(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        String missing = dir.resolve("missing").toString();
        List<String> said = transcriptAfterEndOfInput("setoption name EGDBPath value " + missing + "\neval\nquit");
        int note = said.indexOf("info string EGDB: no tables of russian up to 5 pieces in " + missing + " (no such folder)");
        int value = -1;
        for (int i = 0; i < said.size(); i++) if (said.get(i).startsWith("info string egdb ")) value = i;
        assertTrue(note >= 0 && note < value, said.toString());
    }

    /** Writes the commands, closes the input, and returns all the engine said once it has exited (code 0). */
    private static List<String> transcriptAfterEndOfInput(String commands) {
        try (EngineUnderTest e = EngineUnderTest.start()) {
            e.send(commands);
            e.closeInput();
            assertEquals(0, e.waitFor(EXIT_MS));
            return e.transcript();
        }
    }
}
