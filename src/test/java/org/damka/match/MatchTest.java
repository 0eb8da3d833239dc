package org.damka.match;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.damka.game.GameResult;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The match runner with in-process scripted engines: scheduling (openings, colours, rounds) with
 * concurrency, the PDN file, names, and the early stop when the SPRT decides.
 */
class MatchTest {
    private static final Rules RUSSIAN = Variants.RUSSIAN;
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);

    private static EngineSpec spec(String name) {
        return new EngineSpec(List.of("none"), name, null, "uci", null, Map.of());
    }

    /** Random legal moves; with probability {@code blunder} per move, an unreadable move instead. */
    private static Match.ClientFactory randomPlayers(double blunderFirst, double blunderSecond, long seed) {
        Random random = new Random(seed);
        return (spec, label, config) -> {
            double blunder = spec.name().equals("first") ? blunderFirst : blunderSecond;
            return new ScriptedEngine(config.rules(), spec.name(), g -> {
                List<String> legal = g.legalMoveTexts();
                String move = random.nextDouble() < blunder ? "??" : legal.get(random.nextInt(legal.size()));
                return new EngineClient.Reply(move, 0, 1);
            });
        };
    }

    private static Match.Config config(int games, int concurrency, List<Opening> openings, Sprt sprt, Path pdn) {
        return Match.Config.builder(RUSSIAN, List.of(spec("first"), spec("second")), openings).games(games)
                .concurrency(concurrency).limit(TimeControl.depth(1)).sprt(sprt).answerTimeoutMs(5000).startupTimeoutMs(5000)
                .pdn(pdn).build();
    }

    @Test
    void schedulesOpeningsAndColoursAcrossWorkers(@TempDir Path dir) throws Exception {
        List<Opening> openings = List.of(
                Openings.parseLine(RUSSIAN, "c3-d4 f6-g5"),
                Openings.parseLine(RUSSIAN, "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,h4:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6"));
        Path pdn = dir.resolve("m.pdn");
        Match.Result r = new Match(config(7, 2, openings, null, pdn), null, err, randomPlayers(0, 0, 1)).run();
        assertNull(r.error());
        assertNull(r.stopReason());
        assertEquals(7, r.games().size());
        assertEquals(7, r.score().games());
        for (int i = 0; i < 7; i++) {
            GameRecord g = r.games().get(i);
            assertEquals(i + 1, g.round());
            assertEquals((i / 2) % 2, g.opening());
            assertEquals(i % 2 == 0, g.firstEngineWhite());
            assertEquals(g.firstEngineWhite() ? "first" : "second", g.white());
            assertEquals(openings.get(g.opening()).fen(), g.startFen());
            assertEquals(openings.get(g.opening()).moves(), g.moves().subList(0, openings.get(g.opening()).moves().size()));
        }
        // Three finished pairs; the seventh game has no partner.
        int pairs = 0;
        for (int p : r.score().pairs()) pairs += p;
        assertEquals(3, pairs);
        List<Pdn.Record> records = Pdn.parse(Files.readString(pdn));
        assertEquals(7, records.size());
        for (Pdn.Record rec : records) {
            GameRecord g = r.games().get(Integer.parseInt(rec.tag("Round")) - 1);
            assertEquals(g.moves().stream().map(Pdn::pdnMove).toList(), rec.moves(), "the moves, captures written with x");
            assertEquals(g.startFen(), rec.tag("FEN"));
            assertEquals(g.result().outcome().score(), rec.result());
        }
        assertEquals(7, errBytes.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("Games ")).count());
    }

    @Test
    void sprtStopsTheMatchWhenItAcceptsH1() throws Exception {
        // The second engine blunders (an unreadable move, a loss) on 6% of its moves, the first
        // never: far more than 10 Elo apart, so H1 must be accepted long before 2000 games.
        Sprt sprt = new Sprt(0, 10, 0.05, 0.05);
        Match.Result r = new Match(config(2000, 1, List.of(new Opening(null, List.of())), sprt, null), 7L, err,
                randomPlayers(0, 0.06, 2)).run();
        assertTrue(r.stopReason() != null && r.stopReason().startsWith("SPRT accepted H1"), String.valueOf(r.stopReason()));
        assertTrue(r.games().size() < 2000);
        assertTrue(r.score().llr(sprt) >= sprt.upperBound());
        assertTrue(r.score().wins() > r.score().losses());
        String summary = MatchReport.summary(r, config(2000, 1, List.of(new Opening(null, List.of())), sprt, null));
        assertTrue(summary.contains("H1 accepted"), summary);
    }

    @Test
    void sprtStopsTheMatchWhenItAcceptsH0() throws Exception {
        // Equal players: H0 (elo0 = 0) against H1 (elo1 = 60) is accepted.
        Sprt sprt = new Sprt(0, 60, 0.05, 0.05);
        Match.Result r = new Match(config(2000, 1, List.of(new Opening(null, List.of())), sprt, null), null, err,
                randomPlayers(0.01, 0.01, 3)).run();
        assertTrue(r.stopReason() != null && r.stopReason().startsWith("SPRT accepted H0"), String.valueOf(r.stopReason()));
        assertTrue(r.score().llr(sprt) <= sprt.lowerBound());
    }

    @Test
    void engineNamesComeFromTheEnginesAndAreMadeDistinct() throws Exception {
        Match.ClientFactory same = (spec, label, config) -> new ScriptedEngine(config.rules(), "damka 1.0",
                g -> new EngineClient.Reply(g.legalMoveTexts().get(0), 0, 1));
        Match.Config c = Match.Config.builder(RUSSIAN, List.of(spec(null), spec(null)), List.of(new Opening(null, List.of())))
                .limit(TimeControl.depth(1)).answerTimeoutMs(5000).startupTimeoutMs(5000).build();
        Match.Result r = new Match(c, null, err, same).run();
        assertArrayEquals(new String[] {"damka 1.0", "damka 1.0 (2)"}, r.names());
        assertEquals("damka 1.0", r.games().get(0).white());
        assertEquals("damka 1.0 (2)", r.games().get(0).black());
    }

    private static GameRecord game(int round, boolean firstWhite, GameResult.Outcome outcome) {
        return new GameRecord(round, 0, "a", "b", firstWhite, null, List.of(), new GameResult(outcome, "test"), Termination.RULES);
    }

    @Test
    void sprtWaitsForTenPairsBeforeDeciding() {
        // Pairs of 2 and 3/2 points: mean (1 + 0.75) / 2 = 0.875, variance 0.015625; with elo0 = 0,
        // elo1 = 100 (s1 = 0.640065): LLR = 2 * 0.140065 * (1.75 - 1.140065) / (2 * 0.015625) = 5.4676,
        // far above the bound, but two pairs are no basis for a decision.
        Sprt sprt = new Sprt(0, 100, 0.05, 0.05);
        MatchScore s = new MatchScore();
        int round = 0;
        for (int pair = 0; pair < 10; pair++) {
            s.add(game(++round, true, GameResult.Outcome.WHITE_WINS));
            s.add(game(++round, false, pair % 2 == 0 ? GameResult.Outcome.BLACK_WINS : GameResult.Outcome.DRAW));
            if (pair == 1) {
                assertEquals(5.4676, s.llr(sprt), 1e-3);
                assertEquals(Sprt.Decision.CONTINUE, s.sprtDecision(sprt));
            }
            if (pair < 9) assertEquals(Sprt.Decision.CONTINUE, s.sprtDecision(sprt), "pair " + pair);
        }
        assertArrayEquals(new int[] {0, 0, 0, 5, 5}, s.pairs());
        assertEquals(Sprt.Decision.ACCEPT_H1, s.sprtDecision(sprt));
    }
}
