package org.damka.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.damka.board.Fen;
import org.damka.game.Game;
import org.damka.game.GameResult;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code proto=hub} end to end: {@code damka match} run from the packaged jar, damka speaking its
 * UCI-style protocol against damka in Hub mode ({@code damka hub}), both at depth 2, for a few
 * games. Every game must end by the rules (no move lost in translation), the PDN read back and
 * replayed must reach the same results, and, the engine being the same and deterministic at a
 * fixed depth, both games of an opening (colours swapped) must have the same moves: the Hub side
 * got the same positions and the same depth. The protocol log shows the Hub lines.
 */
class HubMatchIT {
    private static final int GAMES = 4;

    @ParameterizedTest
    @ValueSource(strings = {"international", "russian"})
    void uciAgainstHub(String variant, @TempDir Path dir) throws Exception {
        Rules rules = Variants.byName(variant);
        Path pdn = dir.resolve("games.pdn");
        Path log = dir.resolve("protocol.log");
        String engine = "cmd=" + MatchIT.java() + " -XX:TieredStopAtLevel=1 -jar " + MatchIT.jar();
        List<String> command = List.of(MatchIT.java(), "-jar", MatchIT.jar(), "match",
                "--engine", engine + " name=uci",
                "--engine", engine + " hub proto=hub name=hub option.hash=8",
                "--depth", "2", "--variant", variant, "--games", Integer.toString(GAMES), "--concurrency", "2",
                "--pdn", pdn.toString(), "--log", log.toString());
        Process p = new ProcessBuilder(command).redirectError(dir.resolve("stderr.txt").toFile())
                .redirectOutput(dir.resolve("stdout.txt").toFile()).start();
        boolean done = p.waitFor(60, TimeUnit.SECONDS);
        if (!done) p.destroyForcibly();
        String out = Files.readString(dir.resolve("stdout.txt"));
        String err = Files.readString(dir.resolve("stderr.txt"));
        assertTrue(done, "match did not finish; stderr:\n" + err);
        assertEquals(0, p.exitValue(), "stdout:\n" + out + "\nstderr:\n" + err);
        assertTrue(out.contains("Match uci vs hub, " + variant + ", depth 2"), out);

        List<Pdn.Record> games = new java.util.ArrayList<>(Pdn.parse(Files.readString(pdn, StandardCharsets.UTF_8)));
        assertEquals(GAMES, games.size(), err);
        games.sort(Comparator.comparingInt(g -> Integer.parseInt(g.tag("Round"))));
        for (Pdn.Record g : games) {
            String round = "round " + g.tag("Round");
            assertEquals("normal", g.tag("Termination"), round + ": " + g.comments());
            Game replay = new Game(rules, Fen.parse(rules, g.tag("FEN") == null ? rules.startFen() : g.tag("FEN")));
            for (String move : g.moves()) {
                assertTrue(replay.result().isEmpty(), round + ": move after the end");
                replay.play(move);
            }
            Optional<GameResult> result = replay.result();
            assertTrue(result.isPresent(), round + " did not end by the rules");
            assertEquals(result.get().outcome().score(), g.result(), round);
            assertEquals(List.of(result.get().reason()), g.comments(), round);
        }
        for (int k = 0; k + 1 < GAMES; k += 2) {
            Pdn.Record a = games.get(k), b = games.get(k + 1);
            assertEquals(a.tag("FEN"), b.tag("FEN"), "one opening per pair");
            assertEquals(a.tag("White"), b.tag("Black"));
            assertEquals(a.moves(), b.moves(), "rounds " + (k + 1) + " and " + (k + 2) + " (the same engine at the same depth)");
        }

        String protocol = Files.readString(log);
        assertTrue(protocol.contains("> set-param name=variant value=" + (variant.equals("international") ? "normal" : variant)), protocol);
        assertTrue(protocol.contains("> set-param name=hash value=8"), protocol);
        assertTrue(protocol.contains("> level depth=2"), protocol);
        assertTrue(protocol.contains("< done move="), protocol);
        System.err.println(variant + ": " + out.lines().filter(l -> l.startsWith("uci ") || l.startsWith("hub ")).toList());
    }
}
