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

import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

/**
 * What an engine says about its settings and positions reaches the user: an option the engine
 * does not declare, or a value it refuses, stops the match before its first game with the
 * engine's words; an engine that speaks another Hub protocol is named as such; an error the engine
 * reports during a game is part of that game's end reason. The UCI engine here is damka itself
 * (its own classes, run as a child process); the Hub engines are {@link FakeHubEngine}.
 */
class EngineSettingsTest {

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static EngineSpec damka(String name, Map<String, String> options) {
        return new EngineSpec(List.of(java(), "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                "org.damka.cli.Main"), name, null, "uci", TimeControl.depth(1), options);
    }

    private static EngineSpec fake(Class<?> main, String mode, String proto) {
        String cp = Path.of("target", "test-classes").toAbsolutePath() + File.pathSeparator
                + Path.of("target", "classes").toAbsolutePath();
        return new EngineSpec(List.of(java(), "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", cp, main.getName(), mode),
                proto + "-" + mode, null, proto, TimeControl.depth(1), Map.of());
    }

    private static Match.Result play(Rules rules, EngineSpec first, EngineSpec second, long timeoutMs) throws Exception {
        Match.Config config = Match.Config.builder(rules, List.of(first, second), List.of(new Opening(null, List.of())))
                .answerTimeoutMs(timeoutMs).build();
        PrintStream err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        Match.Result r = new Match(config, null, err, Match.CLIENTS).run();
        assertEquals(0, ProcessReaper.liveCount(), "engine processes left running");
        return r;
    }

    @Test
    void misspeltOptionStopsTheMatchBeforeGameOne() throws Exception {
        Match.Result r = play(Variants.RUSSIAN, damka("ok", Map.of()), damka("typo", Map.of("Hsah", "64")), 30_000);
        assertNotNull(r.error(), "the match must not play with an option the engine does not have");
        assertTrue(r.error().contains("no option 'Hsah'") && r.error().contains("Hash"), r.error());
        assertEquals(0, r.games().size());
    }

    @Test
    void refusedOptionValueStopsTheMatchWithTheEnginesWords() throws Exception {
        Match.Result r = play(Variants.RUSSIAN, damka("zero", Map.of("Hash", "0")), damka("ok", Map.of()), 30_000);
        assertNotNull(r.error());
        assertTrue(r.error().contains("refused its settings") && r.error().contains("Hash must be 1..4096, got 0"), r.error());
        assertEquals(0, r.games().size());
    }

    @Test
    void optionNamesIgnoreCaseAsUciSays() throws Exception {
        Match.Result r = play(Variants.RUSSIAN, damka("a", Map.of("hash", "8", "move overhead", "20")), damka("b", Map.of()), 30_000);
        assertNull(r.error());
        assertEquals(2, r.games().size());
    }

    @Test
    void firstHubProtocolEngineIsNamedAsSuch() throws Exception {
        Match.Result r = play(Variants.INTERNATIONAL, fake(FakeEngine.class, "good", "uci"), fake(FakeHubEngine.class, "hub1", "hub"), 2000);
        assertNotNull(r.error());
        assertTrue(r.error().contains("not a Hub 2 engine") && r.error().contains("'name fake-hub1 1.0'"), r.error());
        assertEquals(0, r.games().size());
    }

    @Test
    void hubErrorReportGoesIntoTheEndReason() throws Exception {
        Match.Result r = play(Variants.INTERNATIONAL, fake(FakeEngine.class, "good", "uci"), fake(FakeHubEngine.class, "badpos", "hub"), 2000);
        assertNull(r.error());
        assertEquals(2, r.games().size());
        for (GameRecord g : r.games()) {
            assertEquals(Termination.HANG, g.termination());
            assertTrue(g.result().reason().endsWith("hub-badpos reported: bad position"), g.result().reason());
        }
    }

    @Test
    void uciErrorReportGoesIntoTheEndReasonOfAGameEndedByTheRules() throws Exception {
        Match.Result r = play(Variants.RUSSIAN, fake(FakeEngine.class, "good", "uci"), fake(FakeEngine.class, "complain", "uci"), 30_000);
        assertNull(r.error());
        assertEquals(2, r.games().size());
        for (GameRecord g : r.games()) {
            assertEquals(Termination.RULES, g.termination());
            assertTrue(g.result().reason().contains("; uci-complain reported: error position: I do not like this one; "
                    + "error position: I do not like this one; error position: I do not like this one; and "), g.result().reason());
        }
    }
}
