package org.damka.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.damka.board.Fen;
import org.damka.game.Game;
import org.damka.game.GameResult;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A real match per variant: {@code damka match} run as a child process from the packaged jar,
 * itself running two damka engine processes (depth 2 against depth 1) for 20 games, two at a
 * time. The PDN it writes is read back and every game replayed by the rules core, which must
 * reach the same result for the same reason; the summary and the JSON must agree with the PDN.
 */
class MatchIT {
    private static final int GAMES = 20;

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    static String jar() {
        return Path.of(System.getProperty("damka.jar", "target/damka.jar")).toAbsolutePath().toString();
    }

    @ParameterizedTest
    @ValueSource(strings = {"russian", "brazilian", "international", "english", "hexagonal"})
    void depthTwoAgainstDepthOne(String variant, @TempDir Path dir) throws Exception {
        Rules rules = Variants.byName(variant);
        Path pdn = dir.resolve("games.pdn");
        Path json = dir.resolve("result.json");
        String engine = "cmd=" + java() + " -XX:TieredStopAtLevel=1 -jar " + jar();
        List<String> command = new ArrayList<>(List.of(java(), "-jar", jar(), "match",
                "--engine", engine + " name=d2 depth=2",
                "--engine", engine + " name=d1 depth=1",
                "--variant", variant, "--games", Integer.toString(GAMES), "--concurrency", "2",
                "--pdn", pdn.toString(), "--json", json.toString()));
        Process p = new ProcessBuilder(command).redirectError(dir.resolve("stderr.txt").toFile())
                .redirectOutput(dir.resolve("stdout.txt").toFile()).start();
        boolean done = p.waitFor(150, TimeUnit.SECONDS);
        if (!done) p.destroyForcibly();
        String out = Files.readString(dir.resolve("stdout.txt"));
        String err = Files.readString(dir.resolve("stderr.txt"));
        assertTrue(done, "match did not finish; stderr:\n" + err);
        assertEquals(0, p.exitValue(), "stdout:\n" + out + "\nstderr:\n" + err);

        List<Pdn.Record> games = Pdn.parse(Files.readString(pdn, StandardCharsets.UTF_8));
        assertEquals(GAMES, games.size(), err);
        int d2Points2 = 0; // twice d2's points
        List<Integer> rounds = new ArrayList<>();
        for (Pdn.Record g : games) {
            assertEquals(Integer.toString(rules.pdnGameType()), g.tag("GameType"));
            assertEquals("normal", g.tag("Termination"), g.comments().toString());
            Game replay = new Game(rules, Fen.parse(rules, g.tag("FEN") == null ? rules.startFen() : g.tag("FEN")));
            assertEquals(g.tag("FEN") != null, "1".equals(g.tag("SetUp")));
            for (String move : g.moves()) {
                assertTrue(replay.result().isEmpty(), "round " + g.tag("Round") + ": move after the end");
                replay.play(move);
            }
            Optional<GameResult> result = replay.result();
            assertTrue(result.isPresent(), "round " + g.tag("Round") + " did not end by the rules");
            assertEquals(result.get().outcome().score(), g.result());
            assertEquals(g.tag("Result"), g.result());
            assertEquals(List.of(result.get().reason()), g.comments());
            rounds.add(Integer.parseInt(g.tag("Round")));
            boolean d2White = g.tag("White").equals("d2");
            assertEquals(d2White ? "d1" : "d2", g.tag("Black"));
            d2Points2 += switch (result.get().outcome()) {
                case DRAW -> 1;
                case WHITE_WINS -> d2White ? 2 : 0;
                case BLACK_WINS -> d2White ? 0 : 2;
            };
        }
        rounds.sort(null);
        for (int i = 0; i < GAMES; i++) assertEquals(i + 1, rounds.get(i));

        // The summary and the JSON report the same score as the PDN.
        assertTrue(out.contains("Match d2 vs d1, " + variant + ", depth 2 vs depth 1"), out);
        String jsonText = Files.readString(json);
        assertTrue(jsonText.contains("\"games\": " + GAMES + ","), jsonText);
        double score = d2Points2 / (2.0 * GAMES);
        assertTrue(jsonText.contains("\"score\": " + MatchReport.num(score) + ","), jsonText + " expected " + score);
        assertTrue(jsonText.contains("\"rules\": " + GAMES), jsonText);
        System.err.println(variant + ": " + out.lines().filter(l -> l.startsWith("d2 ") || l.startsWith("Elo")).toList());
    }

    /** SIGTERM (what Ctrl-C also runs) in the middle of a match: the summary and --json are still written. */
    @Test
    void interruptedMatchStillWritesItsJson(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("result.json");
        Path err = dir.resolve("stderr.txt");
        String engine = "cmd=" + java() + " -XX:TieredStopAtLevel=1 -jar " + jar();
        Process p = new ProcessBuilder(java(), "-jar", jar(), "match", "--engine", engine + " name=a", "--engine", engine + " name=b",
                "--variant", "russian", "--depth", "1", "--games", "1000", "--json", json.toString())
                .redirectError(err.toFile()).redirectOutput(dir.resolve("stdout.txt").toFile()).start();
        try {
            long deadline = System.currentTimeMillis() + 120_000;
            while (!Files.readString(err).contains("Games 2/1000") && System.currentTimeMillis() < deadline) Thread.sleep(100);
            assertTrue(Files.readString(err).contains("Games 2/1000"), Files.readString(err));
            p.destroy(); // SIGTERM
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the match did not stop");
        } finally {
            p.destroyForcibly();
        }
        String out = Files.readString(dir.resolve("stdout.txt"));
        assertTrue(out.contains("Stopped: interrupted"), out);
        assertTrue(Files.exists(json), "no --json after the interrupt\n" + Files.readString(err));
        String text = Files.readString(json);
        assertTrue(text.contains("\"stopReason\": \"interrupted\""), text);
        assertTrue(text.matches("(?s).*\"games\": ([2-9]|\\d\\d+),.*"), text);
    }

    /**
     * The disk fills under --pdn (a 64 KB file system, 4 KB free, in a mount namespace of the
     * test's own): the match said "internal error: No space left on device", then "Interrupted"
     * though nobody had interrupted it, and the file ended inside a game. Now the match plays on,
     * says the PDN is incomplete, exits 1, and the file holds whole games only.
     */
    @Test
    void aFullDiskUnderPdnCutsTheFileToWholeGames(@TempDir Path dir) throws Exception {
        Path mount = Files.createDirectory(dir.resolve("small"));
        Path err = dir.resolve("stderr.txt");
        String engine = "cmd=" + java() + " -XX:TieredStopAtLevel=1 -jar " + jar();
        String script = "mount -t tmpfs -o size=64k tmpfs \"$0\" && dd if=/dev/zero of=\"$0/fill\" bs=1k count=60 2>/dev/null"
                + " && \"$1\" -jar \"$2\" match --engine \"$3 name=a depth=1\" --engine \"$3 name=b depth=1\" --variant russian --games 12"
                + " --pdn \"$0/m.pdn\"; code=$?; cp \"$0/m.pdn\" \"$0/../m.pdn\"; exit $code";
        Process p = new ProcessBuilder("unshare", "-m", "sh", "-c", script, mount.toString(), java(), jar(), engine)
                .redirectError(err.toFile()).redirectOutput(dir.resolve("stdout.txt").toFile()).start();
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "the match did not end");
        String stderr = Files.readString(err);
        org.junit.jupiter.api.Assumptions.assumeFalse(stderr.contains("unshare:") || stderr.contains("mount:"),
                "no private mount namespace here: " + stderr);
        assertEquals(1, p.exitValue(), stderr);
        assertTrue(stderr.contains("match: the --pdn file " + mount.resolve("m.pdn") + " is incomplete: No space left on device"), stderr);
        assertTrue(!stderr.contains("internal error") && !stderr.contains("Interrupted"), stderr);
        String out = Files.readString(dir.resolve("stdout.txt"));
        assertTrue(out.contains("Game ends: rules 12"), "the match played on: " + out);
        String pdn = Files.readString(dir.resolve("m.pdn")).strip();
        assertTrue(pdn.startsWith("[Event") && pdn.matches("(?s).*(1-0|0-1|1/2-1/2|\\*)"), "whole games only: ..." + pdn.substring(Math.max(0, pdn.length() - 200)));
    }
}
