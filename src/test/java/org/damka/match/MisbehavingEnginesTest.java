package org.damka.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.damka.game.GameResult.Outcome;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

/**
 * Matches against fake engines ({@link FakeEngine}) run as real child processes: an engine that
 * sends an illegal move, never answers, exits mid-game, prints garbage or oversteps its clock
 * loses each game with the right reason, is restarted when it died, and the match goes on to
 * its last game. No engine process is left behind.
 */
class MisbehavingEnginesTest {
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();

    private static EngineSpec fake(String mode, TimeControl limit) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = Path.of("target", "test-classes").toAbsolutePath() + File.pathSeparator
                + Path.of("target", "classes").toAbsolutePath();
        return new EngineSpec(List.of(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", cp,
                FakeEngine.class.getName(), mode), mode.equals("longname") ? null : mode, null, "uci", limit, Map.of());
    }

    /**
     * Two games of the well-behaved fake (its own generous limit, so that a loaded machine
     * cannot make it fail) against the misbehaving one.
     */
    private Match.Result play(String badMode, TimeControl limit, long timeoutMs, long startTimeoutMs) throws Exception {
        TimeControl goodLimit = limit.hasClock() ? TimeControl.clock(60_000, 0) : TimeControl.depth(1);
        Match.Config config = Match.Config.builder(Variants.RUSSIAN, List.of(fake("good", goodLimit), fake(badMode, limit)),
                List.of(new Opening(null, List.of()))).answerTimeoutMs(timeoutMs).startupTimeoutMs(startTimeoutMs).build();
        PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);
        Match.Result r = new Match(config, null, err, Match.CLIENTS).run();
        assertEquals(0, ProcessReaper.liveCount(), "engine processes left running");
        return r;
    }

    private static void assertBadEngineLostEveryGame(Match.Result r, Termination why, String reasonPart) {
        assertNull(r.error());
        assertEquals(2, r.games().size(), "the match goes on after the failure");
        for (GameRecord g : r.games()) {
            assertEquals(why, g.termination(), g.result().toString());
            boolean badWhite = !g.firstEngineWhite();
            assertEquals(badWhite ? Outcome.BLACK_WINS : Outcome.WHITE_WINS, g.result().outcome(), g.result().toString());
            assertTrue(g.result().reason().contains(reasonPart), g.result().reason());
            assertTrue(g.result().reason().startsWith(badWhite ? "White (" : "Black ("), g.result().reason());
        }
        assertEquals(2, r.score().wins());
    }

    @Test
    void illegalMoveLosesWithThePosition() throws Exception {
        Match.Result r = play("illegal", TimeControl.depth(1), 30_000, 30_000);
        assertBadEngineLostEveryGame(r, Termination.ILLEGAL_MOVE, "played the illegal move");
        for (GameRecord g : r.games()) {
            // The reason names the position before the move (a position string "W:W…:B…" or "B:…").
            assertTrue(g.result().reason().matches(".* in [WB]:[WB].*"), g.result().reason());
        }
    }

    @Test
    void silentEngineLosesByHangingAndIsRestarted() throws Exception {
        Match.Result r = play("silent", TimeControl.depth(1), 2000, 30_000);
        assertBadEngineLostEveryGame(r, Termination.HANG, "hung");
        assertTrue(errText().contains("Restarting silent"), errText());
    }

    @Test
    void crashingEngineLosesAndIsRestarted() throws Exception {
        Match.Result r = play("crash", TimeControl.depth(1), 30_000, 30_000);
        assertBadEngineLostEveryGame(r, Termination.CRASH, "exit code 3");
        assertTrue(errText().contains("Restarting crash"), errText());
    }

    /** The engine's last line on stderr was in only some of the reports: the report did not wait for it. */
    @Test
    void aCrashReportHasTheEnginesLastWordsMadePrintable() throws Exception {
        Match.Result r = play("lastwords", TimeControl.depth(1), 30_000, 30_000);
        assertBadEngineLostEveryGame(r, Termination.CRASH, "last stderr line: fatal: cannot open weights.bin ?[2J");
    }

    /** An engine that exited while a child of its kept its output open lost "on time" (or hung), and the child lived on. */
    @Test
    void anEngineThatExitsIsACrashEvenWhileItsChildHoldsItsOutput() throws Exception {
        Match.Result r = play("orphan", TimeControl.depth(1), 20_000, 30_000);
        assertBadEngineLostEveryGame(r, Termination.CRASH, "exit code 3");
        Thread.sleep(200);
        long left = ProcessHandle.allProcesses()
                .filter(p -> p.info().arguments().map(a -> List.of(a).contains(FakeEngine.ORPHAN_SECONDS)).orElse(false))
                .filter(ProcessHandle::isAlive).count();
        assertEquals(0, left, "the engine's child outlived the match");
    }

    @Test
    void anEnginesNameReachesTheTerminalPrintableAndShort() throws Exception {
        Match.Result r = play("longname", TimeControl.depth(1), 30_000, 30_000);
        String name = r.names()[1];
        assertTrue(name.startsWith("fake-longname?[31mxxx") && name.length() <= 61, name.substring(0, Math.min(80, name.length())));
    }

    @Test
    void garbageEngineLosesOnItsUnreadableMove() throws Exception {
        Match.Result r = play("garbage", TimeControl.depth(1), 30_000, 30_000);
        assertBadEngineLostEveryGame(r, Termination.ILLEGAL_MOVE, "'%%garbage%%'");
    }

    /** The move named a second time, in the rules' reason, kept its NUL and escape bytes (a red terminal, a NUL in the PDN). */
    @Test
    void anIllegalMovesControlBytesReachNoOutput() throws Exception {
        Match.Result r = play("ctrlmove", TimeControl.depth(1), 30_000, 30_000);
        assertBadEngineLostEveryGame(r, Termination.ILLEGAL_MOVE, "played the illegal move '\u00ff??[31mRED'");
        for (GameRecord g : r.games()) {
            assertTrue(g.result().reason().chars().noneMatch(Character::isISOControl), g.result().reason());
        }
    }

    /** A Hub engine without the match's variant was refused; a UCI engine was sent it and played on. */
    @Test
    void anEngineWhoseVariantsLackTheMatchsStopsTheMatch() throws Exception {
        Match.Result r = play("intl", TimeControl.depth(1), 30_000, 30_000);
        assertNotNull(r.error());
        assertTrue(r.error().contains("handshake failed: the engine does not play russian (its UCI_Variant values: international)"), r.error());
        assertEquals(0, r.games().size());
    }

    @Test
    void slowEngineLosesOnTime() throws Exception {
        Match.Result r = play("slow", TimeControl.clock(300, 0), 30_000, 30_000);
        assertBadEngineLostEveryGame(r, Termination.TIME_FORFEIT, "lost on time");
    }

    @Test
    void engineThatCannotStartStopsTheMatchWithAnError() throws Exception {
        Match.Result r = play("nostart", TimeControl.depth(1), 30_000, 1500);
        assertNotNull(r.error());
        assertTrue(r.error().contains("handshake failed: no end to it (uci … uciok, isready … readyok) within 1500 ms (--startup-timeout)"), r.error());
        assertEquals(0, r.games().size());
    }

    private String errText() {
        return errBytes.toString(StandardCharsets.UTF_8);
    }
}
