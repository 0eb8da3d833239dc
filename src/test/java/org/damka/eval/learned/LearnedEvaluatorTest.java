package org.damka.eval.learned;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.eval.PositionalEvaluator;
import org.damka.rules.Geometry;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

class LearnedEvaluatorTest {

    @Test
    void squareWindowsAreScansFourByFourBlocks() {
        // Scan: 3 x 3 blocks on 8x8, 4 x 4 on 10x10, each 4 rows of 2 dark squares.
        assertEquals(9, new Windows(Variants.RUSSIAN.geometry()).count());
        assertEquals(16, new Windows(Variants.INTERNATIONAL.geometry()).count());
        for (Rules r : new Rules[] {Variants.RUSSIAN, Variants.INTERNATIONAL}) {
            Windows w = new Windows(r.geometry());
            for (int i = 0; i < w.count(); i++) {
                int[] perRow = new int[r.geometry().rows()];
                for (int k = 0; k < w.size(); k++) {
                    assertTrue(w.cell(i, k) >= 0, r.name() + " window " + i + " is full");
                    perRow[r.geometry().row(r.geometry().cell(w.cell(i, k)))]++;
                }
                int rows = 0;
                for (int n : perRow) if (n > 0) { assertEquals(2, n); rows++; }
                assertEquals(4, rows);
            }
        }
    }

    @Test
    void hexagonWindowsAreThreeRowsOfTwoCells() {
        Geometry g = Variants.HEXAGONAL.geometry();
        Windows w = new Windows(g);
        assertEquals(6, w.size());
        assertEquals(729, w.states());
        for (int i = 0; i < w.count(); i++) {
            int[] perRow = new int[g.rows()];
            int first = -1, last = -1;
            for (int k = 0; k < w.size(); k++) {
                if (w.cell(i, k) < 0) continue;
                int row = g.row(g.cell(w.cell(i, k)));
                perRow[row]++;
                if (first < 0) first = row;
                last = Math.max(last, row);
            }
            assertTrue(last - first <= 2, "window " + i + " spans rows " + first + ".." + last);
            for (int n : perRow) assertTrue(n <= 2, "window " + i + " has " + n + " cells in a row");
        }
    }

    @Test
    void windowsCoverEveryCellOfEveryBoard() {
        for (Rules r : Variants.all()) {
            Geometry g = r.geometry();
            Windows w = new Windows(g);
            int[] covered = new int[g.cells()];
            for (int i = 0; i < w.count(); i++) {
                for (int k = 0; k < w.size(); k++) if (w.cell(i, k) >= 0) covered[g.cell(w.cell(i, k))]++;
            }
            for (int c = 0; c < g.cells(); c++) assertTrue(covered[c] > 0, r.name() + " cell " + g.cellName(c) + " in no window");
        }
    }

    @Test
    void indexIsTheBaseThreeNumberOfTheCells() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(5);
        for (Rules r : Variants.all()) {
            Geometry g = r.geometry();
            Windows w = new Windows(g);
            for (int trial = 0; trial < 300; trial++) {
                // The start position, then random boards of men and kings, sparse to full.
                Position p = trial == 0 ? Fen.parse(r, r.startFen()) : randomBoard(g, random, trial % 90);
                for (int i = 0; i < w.count(); i++) {
                    int expected = 0;
                    for (int k = w.size() - 1; k >= 0; k--) {
                        int b = w.cell(i, k);
                        int digit = b < 0 || p.isKing(b) || p.sideAt(b) < 0 ? 0 : p.sideAt(b) + 1;
                        expected = expected * 3 + digit;
                    }
                    assertEquals(expected, w.index(i, p), r.name() + " window " + i + " in " + Fen.format(r, p));
                }
            }
        }
    }

    @Test
    void tempoIsTheRowsTheMenHaveAdvanced() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(7);
        for (Rules r : Variants.all()) {
            Geometry g = r.geometry();
            Features f = new Features(r);
            for (int trial = 0; trial < 200; trial++) {
                Position p = randomBoard(g, random, trial % 90);
                int[] expected = new int[2];
                for (int c = 0; c < g.cells(); c++) {
                    int bit = g.bit(c), side = p.sideAt(bit);
                    // White's back row is the last row, Black's the first.
                    if (side >= 0 && !p.isKing(bit)) expected[side] += side == Position.WHITE ? g.rows() - 1 - g.row(c) : g.row(c);
                }
                assertEquals(expected[0], f.tempo(p, 0), r.name() + " White in " + Fen.format(r, p));
                assertEquals(expected[1], f.tempo(p, 1), r.name() + " Black in " + Fen.format(r, p));
            }
        }
    }

    @Test
    void kingMobilityIsTheKingsNonCaptureMovesOfTheGenerator() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(11);
        for (Rules r : Variants.all()) {
            Geometry g = r.geometry();
            Features f = new Features(r);
            org.damka.movegen.MoveGenerator gen = org.damka.movegen.MoveGenerator.create(r);
            org.damka.movegen.MoveList moves = new org.damka.movegen.MoveList();
            int withKings = 0;
            for (int trial = 0; trial < 300; trial++) {
                Position p = randomBoard(g, random, 5 + trial % 60);
                for (int side = 0; side < 2; side++) {
                    p.setSideToMove(side);
                    gen.generateQuietMoves(p, moves);
                    int kingMoves = 0;
                    for (int i = 0; i < moves.size(); i++) if (p.isKing(moves.from(i))) kingMoves++;
                    assertEquals(kingMoves, f.kingMobility(p, side), r.name() + " side " + side + " in " + Fen.format(r, p));
                    if (kingMoves > 0) withKings++;
                }
                int first = Integer.signum(p.kingCount(0)) - Integer.signum(p.kingCount(1));
                assertEquals(first, f.scalar(p, Features.FIRST_KING), r.name());
            }
            assertTrue(withKings > 100, r.name() + ": too few boards where kings can move (" + withKings + ")");
        }
    }

    /** Men and kings of both sides on about {@code percent}% of the cells. */
    private static Position randomBoard(Geometry g, java.util.SplittableRandom random, int percent) {
        Position p = new Position();
        for (int c = 0; c < g.cells(); c++) {
            int roll = random.nextInt(100);
            if (roll < percent) p.put(roll % 2, roll % 7 == 0, g.bit(c));
        }
        return p;
    }

    @Test
    void withNoCorrectionTheLearnedEvaluationIsTheClassicOne() {
        for (Rules r : Variants.all()) {
            LearnedEvaluator learned = new LearnedEvaluator(r, LearnedWeights.initial(r));
            PositionalEvaluator classic = new PositionalEvaluator(r);
            // The start and a few plies down a game: both sides to move, captures, uneven material.
            org.damka.game.Game game = new org.damka.game.Game(r, Fen.parse(r, r.startFen()));
            org.damka.movegen.MoveList moves = new org.damka.movegen.MoveList();
            for (int ply = 0; ply < 30 && game.result().isEmpty(); ply++) {
                Position p = game.position();
                assertEquals(classic.evaluate(p), learned.evaluate(p), r.name() + " " + Fen.format(r, p));
                game.legalMoves(moves);
                game.play(moves, ply * 7 % moves.size());
            }
        }
    }

    @Test
    void patternsAndPhaseAddToTheClassicScore() {
        Rules r = Variants.INTERNATIONAL;
        PositionalEvaluator classic = new PositionalEvaluator(r);
        LearnedWeights weights = LearnedWeights.initial(r);
        Position start = Fen.parse(r, r.startFen());
        Windows windows = new Windows(r.geometry());
        int state = windows.index(3, start);
        // Opening 80, endgame 40 for one window state: at the start (all pieces) the opening value counts.
        weights.params()[(3 * windows.states() + state) * 2] = 80;
        weights.params()[(3 * windows.states() + state) * 2 + 1] = 40;
        LearnedEvaluator e = new LearnedEvaluator(r, weights);
        assertEquals(classic.evaluate(start) + 80, e.evaluate(start));
        // One black man fewer (square 1, not in window 3's state): the phase moves 1/40 toward
        // the endgame value of the pattern if window 3 still reads the same.
        Position p = Fen.parse(r, "W:W31-50:B2-20");
        int pattern = windows.index(3, p) == state ? (80 * 39 + 40 * 1) / 40 : 0;
        assertEquals(classic.evaluate(p) + pattern, e.evaluate(p));
        Position blackToMove = Fen.parse(r, "B:W31-50:B2-20");
        assertEquals(classic.evaluate(blackToMove) - pattern, e.evaluate(blackToMove));
    }

    @Test
    void drawishBalancesScaleTheCorrectionAsTheClassicEvaluationScalesItself() {
        Rules r = Variants.INTERNATIONAL;
        // Two kings against one: the classic endgame knowledge calls it drawn.
        Position p = Fen.parse(r, "W:WK1,K2:BK50");
        PositionalEvaluator classic = new PositionalEvaluator(r);
        int scale = classic.drawScale(p);
        assertTrue(scale < PositionalEvaluator.SCALE_ONE);
        LearnedWeights weights = LearnedWeights.initial(r);
        weights.params()[weights.scalarBase() + Features.KINGS * 2] = 160;
        weights.params()[weights.scalarBase() + Features.KINGS * 2 + 1] = 160;
        assertEquals(classic.evaluate(p) + 160 * scale / PositionalEvaluator.SCALE_ONE, new LearnedEvaluator(r, weights).evaluate(p));
    }

    @Test
    void overNoBaseTheLearnedTermsAreTheWholeScore() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(9);
        for (Rules r : Variants.all()) {
            LearnedWeights overClassic = LearnedWeightsTest.random(r, 5);
            LearnedWeights overNone = new LearnedWeights(r.name(), LearnedWeights.Base.NONE, overClassic.windows(), overClassic.states(),
                    overClassic.params().clone());
            LearnedEvaluator withClassic = new LearnedEvaluator(r, overClassic), alone = new LearnedEvaluator(r, overNone);
            PositionalEvaluator classic = new PositionalEvaluator(r);
            for (int trial = 0; trial < 200; trial++) {
                Position p = trial == 0 ? Fen.parse(r, r.startFen()) : randomBoard(r.geometry(), random, 5 + trial % 40);
                assertEquals(withClassic.evaluate(p) - classic.evaluate(p), alone.evaluate(p), r.name() + " " + Fen.format(r, p));
                assertTrue(alone.explain(p).stream().noneMatch(t -> t.name().equals("classic")));
            }
            assertEquals(0, new LearnedEvaluator(r, LearnedWeights.initial(r, LearnedWeights.Base.NONE)).evaluate(Fen.parse(r, r.startFen())));
        }
    }
}
