package org.damka.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.eval.Evaluations;
import org.damka.game.Game;
import org.damka.movegen.MoveList;
import org.damka.movegen.MoveNotation;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.damka.search.SearchTest.Recorder;
import org.damka.tactics.MaterialMinimax;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Endgame sanity through the engine: known wins are found as wins, known draws stay draws. */
class EndgameTest {

    private static Recorder search(Rules rules, String fen, SearchLimits limits) {
        Search s = new Search(rules, Evaluations.forRules(rules), 16);
        Recorder r = new Recorder();
        s.run(new Game(rules, Fen.parse(rules, fen)), limits, 0, r);
        return r;
    }

    @Test
    void russianThreeKingsAgainstOneOffTheLongDiagonalIsWonNearTheEnd() {
        // Six plies into the engine's own winning line from W:WKa1,Kc3,Ke1:BKh4 (see the deep test):
        // White holds the long diagonal; mate within the 15-move rule. A node budget, not a depth:
        // the full-width search of old saw the mate at depth 12 (1.8 M nodes), the reductions see
        // it at depth 14 on about as many nodes.
        Recorder r = search(Variants.RUSSIAN, "W:WKa1,Kf2,Kf4:BKa3", SearchLimits.nodes(3_000_000));
        assertTrue(r.last().mateIn() > 0 && r.last().mateIn() <= 15, "mate " + r.last().mateIn());
    }

    @Test
    @Tag("deep")
    void russianThreeKingsAgainstOneOffTheLongDiagonalIsWon() {
        // The stronger side does not yet hold the long diagonal alone; the lone king is off it.
        // A node budget, not a depth: the reductions reach a nominal depth 21 without the mate.
        Recorder r = search(Variants.RUSSIAN, "W:WKa1,Kc3,Ke1:BKh4", SearchLimits.nodes(30_000_000));
        assertTrue(r.last().mateIn() > 0 && r.last().mateIn() <= 15, "mate " + r.last().mateIn());
    }

    @Test
    void twoKingsAgainstOneAreADrawWithFlyingKings() {
        for (Object[] c : new Object[][] {
                {Variants.RUSSIAN, "W:WKa1,Kc1:BKh6", 12},
                {Variants.BRAZILIAN, "W:WKa1,Kc1:BKh6", 12},
                {Variants.INTERNATIONAL, "W:WK46,K47:BK15", 8},
                {Variants.HEXAGONAL, "W:WKk2,Kk4:BKa3", 7}}) {
            Rules rules = (Rules) c[0];
            Recorder r = search(rules, (String) c[1], SearchLimits.depth((Integer) c[2]));
            assertEquals(0, r.last().mateIn(), rules.name());
            assertTrue(Math.abs(r.last().scoreCp()) < 100, rules.name() + " score " + r.last().scoreCp());
        }
    }

    @Test
    void englishTwoKingsAgainstOneAreScoredAsAWinningAdvantage() {
        Recorder r = search(Variants.ENGLISH, "W:WK14,K18:BK32", SearchLimits.depth(14));
        assertTrue(r.last().scoreCp() > 100 || r.last().mateIn() > 0, "score " + r.last().scoreCp());
    }

    /**
     * English king-and-man races. Each position's outcome is first computed by the plain
     * {@link MaterialMinimax} (depth 12 plus captures); the engine's move, at a small budget, must
     * keep that outcome: the position after it has the best value the minimax finds.
     */
    @Test
    void englishKingAndManRacesAreRunCorrectly() {
        Rules rules = Variants.ENGLISH;
        String[] positions = {
                "W:WK32,10:BK15",      // the man on 10 is attacked: only a man move keeps it, then it crowns
                "W:WK32,10:BK1",       // 10-6 walks into the king; 10-7 or a waiting move is safe
                "B:WK17,13:BK1,27"};   // Black's man races White's king to the crown
        MaterialMinimax mm = new MaterialMinimax(rules);
        MoveNotation notation = new MoveNotation(rules);
        for (String fen : positions) {
            Position p = Fen.parse(rules, fen);
            MoveList moves = new MoveList();
            int[] values = mm.rootValues(p, moves, 12);
            int best = Integer.MIN_VALUE;
            for (int v : values) best = Math.max(best, v);
            Recorder r = search(rules, fen, SearchLimits.nodes(50_000));
            int chosen = moves.indexOf(r.best);
            assertEquals(best, values[chosen], fen + ": engine played " + notation.format(p, r.best));
        }
    }
}
