package org.damka.selfplay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.damka.board.Fen;
import org.damka.eval.Evaluations;
import org.damka.game.Game;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.damka.search.Search;
import org.damka.search.SearchInfo;
import org.damka.search.SearchLimits;
import org.damka.search.SearchListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Rescore}: the same games and positions with the scores of another search. */
class RescoreTest {
    private static final Rules RULES = Variants.RUSSIAN;
    private static final PrintStream QUIET = new PrintStream(PrintStream.nullOutputStream());

    @TempDir
    Path dir;

    private Path selfPlay() throws Exception {
        return selfPlay("games.txt", 5);
    }

    private Path selfPlay(String name, long seed) throws Exception {
        Path file = dir.resolve(name);
        SelfPlay.Config config = SelfPlay.Config.builder(RULES, () -> Evaluations.named(RULES, "classic")).games(6)
                .limits(SearchLimits.depth(2)).threads(2).seed(seed).randomPlies(4).build();
        new SelfPlay(config, QUIET).run(file, false);
        return file;
    }

    private static Rescore rescore(int depth, int threads) {
        return new Rescore(new Rescore.Config(RULES, SearchLimits.depth(depth), threads,
                () -> Evaluations.named(RULES, "classic"), "evaluation classic"), QUIET);
    }

    private static Map<Integer, SelfPlayFile.GameBlock> games(Path file) throws IOException {
        Map<Integer, SelfPlayFile.GameBlock> games = new TreeMap<>();
        SelfPlayFile.readGames(file, RULES, g -> games.put(g.id(), g));
        return games;
    }

    /** A position with no legal move (the game is over there) was written with the score 0. */
    @Test
    void aPositionWithoutMovesIsDroppedNotScoredZero() throws Exception {
        Path in = Files.writeString(dir.resolve("over.txt"), SelfPlayFile.header(RULES) + "\n"
                + "W:Wc3:Bf6\t1/2-1/2\t5\n" // a position with moves: kept
                + "W:W:Bf6\t0-1\t7\n"       // White has no piece, so no move: dropped
                + "# game 0 0-1 plies 2 positions 2\n");
        Path out = dir.resolve("over-d3.txt");
        assertEquals(1, rescore(3, 1).run(List.of(in), out, false));
        List<SelfPlayFile.Sample> kept = games(out).get(0).samples();
        assertEquals(List.of("W:Wc3:Bf6"), kept.stream().map(SelfPlayFile.Sample::fen).toList());
    }

    @Test
    void keepsGamesPositionsAndResultsAndTakesTheNewSearchesScores() throws Exception {
        Path in = selfPlay();
        Path out = dir.resolve("d5.txt");
        assertEquals(6, rescore(5, 2).run(List.of(in), out, false));
        Map<Integer, SelfPlayFile.GameBlock> before = games(in), after = games(out);
        assertEquals(before.keySet(), after.keySet());
        int changed = 0;
        for (int id : before.keySet()) {
            List<SelfPlayFile.Sample> old = before.get(id).samples(), now = after.get(id).samples();
            // The rescored positions are the game's, in its order (a found win may drop one).
            List<String> oldFens = new ArrayList<>();
            for (SelfPlayFile.Sample s : old) oldFens.add(s.fen());
            int from = 0;
            for (SelfPlayFile.Sample s : now) {
                int at = oldFens.subList(from, oldFens.size()).indexOf(s.fen());
                assertTrue(at >= 0, () -> "game " + id + ": " + s.fen() + " is not one of its positions, in order");
                SelfPlayFile.Sample o = old.get(from + at);
                assertEquals(o.result(), s.result());
                if (o.score() != s.score()) changed++;
                from += at + 1;
            }
            assertTrue(after.get(id).gameLine().endsWith(" positions " + now.size()), after.get(id).gameLine());
            // A game's first position is searched with an empty table: a fresh search's score.
            if (!now.isEmpty() && now.get(0).fen().equals(old.get(0).fen())) {
                assertEquals(freshScore(now.get(0).fen(), 5), now.get(0).score(), "game " + id);
            }
        }
        assertNotEquals(0, changed, "depth 5 scores the same as the self-play's depth 2 everywhere");
    }

    @Test
    void theThreadsDoNotChangeTheFileAndAKilledRunResumes() throws Exception {
        Path in = selfPlay();
        Path one = dir.resolve("one.txt"), two = dir.resolve("two.txt");
        rescore(4, 1).run(List.of(in), one, false);
        rescore(4, 2).run(List.of(in), two, false);
        assertEquals(games(one).toString(), games(two).toString());
        // Killed in the middle of a game's block: resuming keeps the whole games and adds the rest.
        String text = Files.readString(one, StandardCharsets.UTF_8);
        int cut = text.indexOf("# game ");
        Path killed = dir.resolve("killed.txt");
        Files.writeString(killed, text.substring(0, text.indexOf('\n', cut) + 1) + "W:Wa1,c3:Bh8\t1-0", StandardCharsets.UTF_8);
        assertEquals(1, games(killed).size());
        assertThrows(IOException.class, () -> rescore(4, 1).run(List.of(in), killed, false));
        assertEquals(5, rescore(4, 1).run(List.of(in), killed, true));
        assertEquals(games(one).toString(), games(killed).toString());
    }

    /** Resuming took the ids done from the output alone, so another run's games with those ids were skipped unseen. */
    @Test
    void resumingWithAnotherRunsGamesIsRefused() throws Exception {
        Path in = selfPlay();
        Path other = selfPlay("other.txt", 6);
        Path out = dir.resolve("out.txt");
        rescore(3, 1).run(List.of(in), out, false);
        assertEquals(games(in).keySet(), games(other).keySet());
        String before = Files.readString(out, StandardCharsets.UTF_8);
        IOException e = assertThrows(IOException.class, () -> rescore(3, 1).run(List.of(other), out, true));
        assertTrue(e.getMessage().contains(out + " holds another game under the id of " + other + "'s game "), e.getMessage());
        assertTrue(e.getMessage().endsWith(": resume with the files it was rescored from"), e.getMessage());
        assertEquals(before, Files.readString(out, StandardCharsets.UTF_8));
        assertEquals(0, rescore(3, 1).run(List.of(in), out, true));
    }

    private static int freshScore(String fen, int depth) {
        Game game = new Game(RULES, Fen.parse(RULES, fen));
        int[] score = new int[1];
        new Search(RULES, Evaluations.named(RULES, "classic"), 16).run(game, SearchLimits.depth(depth), 0, new SearchListener() {
            @Override public void info(SearchInfo info) { score[0] = info.scoreCp(); }
            @Override public void bestMove(org.damka.movegen.Move move, org.damka.movegen.Move ponder) { }
        });
        return game.position().sideToMove() == 0 ? score[0] : -score[0];
    }
}
