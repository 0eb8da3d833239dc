package org.damka.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.engine.Bench;
import org.damka.game.Game;
import org.damka.movegen.MoveList;
import org.damka.rules.Geometry;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

class EvaluatorTest {

    /** The position turned half a turn with colours and side to move swapped: the same game for the other side. */
    static Position mirror(Rules rules, Position p) {
        Geometry g = rules.geometry();
        Position m = new Position();
        for (int c = 0; c < g.cells(); c++) {
            int bit = g.bit(c);
            int side = p.sideAt(bit);
            if (side >= 0) m.put(side ^ 1, p.isKing(bit), g.bit(g.cells() - 1 - c));
        }
        m.setSideToMove(p.sideToMove() ^ 1);
        return m;
    }

    /** Bench positions plus positions from seeded random games of every variant. */
    static List<Object[]> samples() {
        List<Object[]> out = new ArrayList<>();
        for (Bench.Position bp : Bench.positions()) out.add(new Object[] {bp.rules(), Fen.parse(bp.rules(), bp.fen())});
        SplittableRandom random = new SplittableRandom(42);
        MoveList moves = new MoveList();
        for (Rules rules : Variants.all()) {
            for (int game = 0; game < 10; game++) {
                Game g = new Game(rules, Fen.parse(rules, rules.startFen()));
                while (g.result().isEmpty() && g.plies() < 200) {
                    g.legalMoves(moves);
                    g.play(moves, random.nextInt(moves.size()));
                    if (g.plies() % 7 == 0) out.add(new Object[] {rules, new Position(g.position())});
                }
            }
        }
        return out;
    }

    @Test
    void evaluationIsColourSymmetric() {
        for (Object[] s : samples()) {
            Rules rules = (Rules) s[0];
            Position p = (Position) s[1];
            for (Evaluator e : List.of(Evaluations.forRules(rules), Evaluations.named(rules, "material"))) {
                assertEquals(e.evaluate(p), e.evaluate(mirror(rules, p)),
                        () -> rules.name() + " " + Fen.format(rules, p));
            }
        }
    }

    @Test
    void explainAddsUpToTheEvaluation() {
        for (Object[] s : samples()) {
            Rules rules = (Rules) s[0];
            Position p = (Position) s[1];
            Evaluator e = Evaluations.forRules(rules);
            int total = e.explain(p).stream().mapToInt(Evaluator.Term::total).sum();
            int white = p.sideToMove() == 0 ? e.evaluate(p) : -e.evaluate(p);
            assertEquals(white, total, () -> rules.name() + " " + Fen.format(rules, p));
        }
    }

    @Test
    void evaluatorsAreChosenByName() {
        Rules r = Variants.RUSSIAN;
        assertTrue(Evaluations.named(r, "full") instanceof PositionalEvaluator);
        assertTrue(Evaluations.named(r, " Material ") instanceof MaterialEvaluator);
        assertThrows(IllegalArgumentException.class, () -> Evaluations.named(r, "psychic"));
    }

    private static int eval(Rules rules, String fen) {
        return Evaluations.forRules(rules).evaluate(Fen.parse(rules, fen));
    }

    @Test
    void flyingKingsAreWorthFarMoreThanShortKings() {
        EvalWeights russian = EvalWeights.forRules(Variants.RUSSIAN);
        EvalWeights english = EvalWeights.forRules(Variants.ENGLISH);
        assertTrue(russian.king() >= 2 * russian.man());
        assertTrue(english.king() < 2 * english.man());
        assertTrue(russian.king() > english.king() + 100);
    }

    @Test
    void drawnKingBalancesAreScaledTowardZero() {
        Rules r = Variants.RUSSIAN;
        // Two kings against one cannot win with flying kings.
        int twoVsOne = eval(r, "W:WKa1,Kc1:BKh6");
        assertTrue(Math.abs(twoVsOne) < 80, "2K v K: " + twoVsOne);
        // Three kings against a king on the long diagonal: drawn in practice (5-move rule).
        int onDiagonal = eval(r, "W:WKa3,Kc1,Ke1:BKd4");
        int offDiagonal = eval(r, "W:WKa3,Kc1,Ke1:BKh6");
        assertTrue(Math.abs(onDiagonal) < 100, "3K v K on the long diagonal: " + onDiagonal);
        assertTrue(offDiagonal > 400, "3K v K off the long diagonal: " + offDiagonal);
        // Short kings: two kings against one is a win and is not scaled.
        assertTrue(eval(Variants.ENGLISH, "W:WK14,K18:BK32") > 100);
    }

    @Test
    void positionalTermsPointTheRightWay() {
        Rules r = Variants.RUSSIAN;
        // A man about to crown with nothing in front of it is worth more than one at home.
        assertTrue(eval(r, "W:Wb6:Bh8,h6") > eval(r, "W:Wa1:Bh8,h6"));
        // A king on the long diagonal beats one in a corner of the short diagonals.
        assertTrue(eval(r, "W:WKd4,a1,c1:Bf8,h8,g7") > eval(r, "W:WKh2,a1,c1:Bf8,h8,g7"));
    }

    @Test
    void evaluationAllocatesNothing() {
        com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        List<Object[]> s = samples();
        Evaluator[] evals = new Evaluator[s.size()];
        for (int i = 0; i < s.size(); i++) evals[i] = Evaluations.forRules((Rules) s.get(i)[0]);
        long sink = 0;
        for (int warm = 0; warm < 200; warm++) for (int i = 0; i < s.size(); i++) sink += evals[i].evaluate((Position) s.get(i)[1]);
        long before = bean.getThreadAllocatedBytes(Thread.currentThread().getId());
        for (int rep = 0; rep < 50; rep++) for (int i = 0; i < s.size(); i++) sink += evals[i].evaluate((Position) s.get(i)[1]);
        long allocated = bean.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
        assertTrue(allocated < 1024, "evaluate allocated " + allocated + " bytes (sink " + sink + ")");
    }
}
