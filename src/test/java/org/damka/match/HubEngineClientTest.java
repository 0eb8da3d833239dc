package org.damka.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.damka.board.Position;
import org.damka.game.GameResult.Outcome;
import org.damka.protocol.hub.HubScore;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

/**
 * {@code proto=hub}: the spec, the mapping of limits to {@code level} and of Hub scores to
 * centipawns, and matches against {@link FakeHubEngine} run as real child processes: a Hub engine
 * that sends an illegal move, never answers or dies loses each game with the right reason and is
 * restarted; one that refuses its settings cannot start.
 */
class HubEngineClientTest {
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();

    private static EngineClient.SearchRequest clock(long w, long b, long wi, long bi) {
        return EngineClient.SearchRequest.clocks(w, b, wi, bi);
    }

    @Test
    void specSelectsTheHubProtocol() {
        EngineSpec s = EngineSpec.parse("cmd=java -jar target/damka.jar hub proto=hub name=h depth=3 option.hash=32");
        assertEquals(List.of("java", "-jar", "target/damka.jar", "hub"), s.command());
        assertEquals("hub", s.proto());
        assertEquals("h", s.name());
        assertEquals(TimeControl.depth(3), s.limit());
        assertEquals(Map.of("hash", "32"), s.options());
        assertEquals("hub", EngineSpec.parse("proto=HUB cmd=scan hub").proto());
        assertEquals("uci", EngineSpec.parse("cmd=scan").proto());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EngineSpec.parse("cmd=x proto=dxp"));
        assertTrue(e.getMessage().contains("'dxp'"), e.getMessage());
    }

    @Test
    void limitsBecomeLevels() {
        // Hub's time is what is left before this move's increment is added: time + inc = the clock.
        assertEquals("time=9.9 inc=0.1", HubEngineClient.level(clock(10_000, 7_000, 100, 200), Position.WHITE));
        assertEquals("time=6.8 inc=0.2", HubEngineClient.level(clock(10_000, 7_000, 100, 200), Position.BLACK));
        assertEquals("time=60", HubEngineClient.level(clock(60_000, 1, 0, 0), Position.WHITE));
        assertEquals("time=0.001", HubEngineClient.level(clock(5_000, 1, 0, 0), Position.BLACK));
        assertEquals("time=0 inc=0.5", HubEngineClient.level(clock(300, 5_000, 500, 0), Position.WHITE));
        assertEquals("depth=4", HubEngineClient.level(EngineClient.SearchRequest.fixed(TimeControl.depth(4)), Position.WHITE));
        assertEquals("nodes=5000", HubEngineClient.level(EngineClient.SearchRequest.fixed(TimeControl.nodes(5000)), Position.BLACK));
        assertEquals("move-time=0.25", HubEngineClient.level(EngineClient.SearchRequest.fixed(TimeControl.moveTime(250)), Position.WHITE));
        assertEquals("move-time=2", HubEngineClient.level(EngineClient.SearchRequest.fixed(TimeControl.moveTime(2000)), Position.WHITE));
    }

    @Test
    void scoresInMenBecomeCentipawns() {
        assertEquals(12, HubEngineClient.parseScore("0.12"));
        assertEquals(-300, HubEngineClient.parseScore("-3"));
        assertEquals(150, HubEngineClient.parseScore("1.5"));
        assertEquals(0, HubEngineClient.parseScore("-0.00"));
        assertNull(HubEngineClient.parseScore("1.2.3"));
        assertNull(HubEngineClient.parseScore(null));
        assertEquals(UciClient.MATE_CP - 1000, HubEngineClient.parseScore("250"));
        // Exponents no score has: answered at once, never thrown (the review's inputs).
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            assertEquals(UciClient.MATE_CP - 1000, HubEngineClient.parseScore("1e2147483647"));
            assertEquals(-(UciClient.MATE_CP - 1000), HubEngineClient.parseScore("-1e999999999"));
            assertEquals(UciClient.MATE_CP - 1000, HubEngineClient.parseScore("1e100000000"));
            assertEquals(0, HubEngineClient.parseScore("1e-100000000"));
            assertEquals(0, HubEngineClient.parseScore("1e-2147483647"));
            assertEquals(12, HubEngineClient.parseScore("0.12000000000000000000000000000000000001"));
        }, "scaling an absurd exponent exactly takes minutes");
        // Round trips through the formatter damka's own Hub mode uses (an independent encoder).
        for (int cp = -2000; cp <= 2000; cp += 37) assertEquals(cp, HubEngineClient.parseScore(HubScore.format(cp, 0)));
        for (int n = 1; n <= 40; n++) {
            assertEquals(UciClient.MATE_CP - n, HubEngineClient.parseScore(HubScore.format(0, n)), "win in " + n);
            assertEquals(-(UciClient.MATE_CP - n), HubEngineClient.parseScore(HubScore.format(0, -n)), "loss in " + n);
        }
    }

    // --- matches against fake Hub engines as child processes ---

    private static EngineSpec fake(Class<?> main, String mode, String proto, Map<String, String> options) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = Path.of("target", "test-classes").toAbsolutePath() + File.pathSeparator
                + Path.of("target", "classes").toAbsolutePath();
        return new EngineSpec(List.of(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", cp, main.getName(), mode),
                proto + "-" + mode, null, proto, TimeControl.depth(1), options);
    }

    /** Two games, russian or international: the well-behaved UCI fake against a Hub fake. */
    private Match.Result play(Rules rules, String hubMode, Map<String, String> options, long timeoutMs) throws Exception {
        Match.Config config = Match.Config.builder(rules,
                List.of(fake(FakeEngine.class, "good", "uci", Map.of()), fake(FakeHubEngine.class, hubMode, "hub", options)),
                List.of(new Opening(null, List.of()))).answerTimeoutMs(timeoutMs).build();
        PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);
        Match.Result r = new Match(config, null, err, Match.CLIENTS).run();
        assertEquals(0, ProcessReaper.liveCount(), "engine processes left running");
        return r;
    }

    private static void assertHubEngineLostEveryGame(Match.Result r, Termination why, String reasonPart, boolean atSecondMove) {
        assertNull(r.error());
        assertEquals(2, r.games().size(), "the match goes on after the failure");
        for (GameRecord g : r.games()) {
            assertEquals(why, g.termination(), g.result().toString());
            boolean hubWhite = !g.firstEngineWhite();
            assertEquals(hubWhite ? Outcome.BLACK_WINS : Outcome.WHITE_WINS, g.result().outcome(), g.result().toString());
            assertTrue(g.result().reason().contains(reasonPart), g.result().reason());
            // The Hub engine's first move was translated and accepted: the loss comes at its second.
            if (atSecondMove) assertEquals(hubWhite ? 2 : 3, g.moves().size(), g.moves().toString());
        }
    }

    /** A done line that cannot be read was taken for "no legal move" (a wrong reason for a right result). */
    @Test
    void anUnreadableDoneLineLosesAsSuch() throws Exception {
        Match.Result r = play(Variants.RUSSIAN, "unreadable", Map.of(), 30_000);
        assertHubEngineLostEveryGame(r, Termination.ILLEGAL_MOVE, "an unreadable done line", true);
    }

    @Test
    void illegalHubMoveLoses() throws Exception {
        Match.Result r = play(Variants.RUSSIAN, "illegal", Map.of(), 30_000);
        assertHubEngineLostEveryGame(r, Termination.ILLEGAL_MOVE, "played the illegal move", true);
        for (GameRecord g : r.games()) {
            assertTrue(g.result().reason().matches(".*'(\\d+)-\\1' in [WB]:.*illegal move.*"), g.result().reason());
        }
    }

    @Test
    void silentHubEngineHangsAndIsRestarted() throws Exception {
        Match.Result r = play(Variants.INTERNATIONAL, "silent", Map.of(), 2000);
        assertHubEngineLostEveryGame(r, Termination.HANG, "hung", false);
        assertTrue(errText().contains("Restarting hub-silent"), errText());
    }

    @Test
    void crashingHubEngineLosesAndIsRestarted() throws Exception {
        Match.Result r = play(Variants.RUSSIAN, "crash", Map.of(), 30_000);
        assertHubEngineLostEveryGame(r, Termination.CRASH, "exit code 3", true);
        assertTrue(errText().contains("Restarting hub-crash"), errText());
    }

    @Test
    void refusedParameterStopsTheMatch() throws Exception {
        Match.Result r = play(Variants.RUSSIAN, "good", Map.of("bogus", "1"), 30_000);
        assertNotNull(r.error());
        assertTrue(r.error().contains("refused its settings: unknown parameter bogus"), r.error());
        assertEquals(0, r.games().size());
    }

    private String errText() {
        return errBytes.toString(StandardCharsets.UTF_8);
    }
}
