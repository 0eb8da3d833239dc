package org.damka.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.eval.Evaluations;
import org.damka.eval.Evaluator;
import org.damka.movegen.Move;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.Perft;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

/**
 * The hot path allocates nothing: after one warm-up run, a second run of perft (move generation,
 * capture walking, copy-make, hashing) and of evaluation allocates no bytes on this thread.
 * Measured with the JVM's per-thread allocation counter, which is exact and needs no timing.
 * The least of three runs is taken: the JIT's own transitions (deoptimisation) can allocate a
 * few bytes once, while allocating code allocates on every run.
 */
class AllocationTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static long allocatedBytes() {
        return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    @Test
    void perftAllocatesNothing() {
        assertTrue(THREADS.isThreadAllocatedMemorySupported());
        for (Rules rules : Variants.all()) {
            Position start = Fen.parse(rules, rules.startFen());
            Perft perft = new Perft(MoveGenerator.create(rules));
            int depth = rules.geometry().cells() == 50 ? 5 : rules.geometry().twoWords() ? 4 : 6;
            long nodes = perft.count(start, depth);
            long bytes = Long.MAX_VALUE;
            for (int run = 0; run < 3; run++) {
                long before = allocatedBytes();
                long again = perft.count(start, depth);
                bytes = Math.min(bytes, allocatedBytes() - before);
                assertEquals(nodes, again);
            }
            assertEquals(0, bytes, rules.name() + ": perft(" + depth + ") allocated " + bytes + " bytes");
        }
    }

    /**
     * A search allocates only at its root (reports, the text of lines), never per node: a
     * search of a few hundred thousand nodes allocates well under a tenth of a byte per node,
     * where one object per node would be at least 16.
     */
    @Test
    void searchAllocatesNothingPerNode() {
        org.damka.search.SearchListener silent = new org.damka.search.SearchListener() {
            @Override public void info(org.damka.search.SearchInfo info) { }
            @Override public void bestMove(Move move, Move ponder) { }
        };
        for (Rules rules : Variants.all()) {
            org.damka.search.Search search = new org.damka.search.Search(rules, Evaluations.forRules(rules), 16);
            org.damka.game.Game game = new org.damka.game.Game(rules, Fen.parse(rules, rules.startFen()));
            org.damka.search.SearchLimits limits = org.damka.search.SearchLimits.nodes(300_000);
            search.run(game, limits, 0, silent);
            double perNode = Double.MAX_VALUE;
            for (int run = 0; run < 3; run++) {
                search.clear();
                long before = allocatedBytes();
                search.run(game, limits, 0, silent);
                perNode = Math.min(perNode, (double) (allocatedBytes() - before) / Math.max(1, search.nodes()));
            }
            assertTrue(perNode < 0.1, rules.name() + ": search allocated " + perNode + " bytes per node");
        }
    }

    @Test
    void evaluationAllocatesNothing() {
        for (Rules rules : Variants.all()) {
          for (String name : new String[] {Evaluations.CLASSIC, Evaluations.LEARNED}) {
            Position start = Fen.parse(rules, rules.startFen());
            Evaluator evaluator = Evaluations.named(rules, name);
            int sum = 0;
            for (int i = 0; i < 1000; i++) sum += evaluator.evaluate(start);
            long bytes = Long.MAX_VALUE;
            for (int run = 0; run < 3; run++) {
                long before = allocatedBytes();
                for (int i = 0; i < 1000; i++) sum += evaluator.evaluate(start) - evaluator.evaluate(start);
                bytes = Math.min(bytes, allocatedBytes() - before);
            }
            for (int i = 0; i < 1000; i++) sum -= evaluator.evaluate(start);
            assertEquals(0, sum);
            assertEquals(0, bytes, rules.name() + " " + name + ": evaluation allocated " + bytes + " bytes");
          }
        }
    }
}
