package org.damka.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.damka.rules.Variants;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class BenchTest {

    @Test
    void benchCoversEveryVariantWithOpeningsMiddleGamesAndKingEndgames() {
        List<Bench.Position> positions = Bench.positions();
        Set<String> variants = new HashSet<>();
        Set<String> withKings = new HashSet<>();
        for (Bench.Position p : positions) {
            variants.add(p.rules().name());
            if (p.fen().contains("K") && !p.fen().equals(p.rules().startFen())) withKings.add(p.rules().name());
        }
        assertEquals(Set.copyOf(Variants.names()), variants);
        assertEquals(Set.copyOf(Variants.names()), withKings);
        assertTrue(positions.size() >= 20);
    }

    @Test
    void aShallowBenchGivesTheSameNodesTwice() {
        Bench.Result a = Bench.run(Bench.positions(), 5, null);
        Bench.Result b = Bench.run(Bench.positions(), 5, null);
        assertEquals(a.nodes(), b.nodes());
        assertEquals(a.lines().size(), Bench.positions().size());
        assertTrue(a.summary().matches("bench \\d+ nodes \\d+ nps \\d+ ms"), a.summary());
    }

    /**
     * The time is the searches' alone: a large table's making and clearing for each position
     * counted too (--hash 1024 showed a quarter of --hash 16's nps for the same tree).
     */
    @Test
    void theTimeIsTheSearchesAloneWhateverTheTable() {
        Bench.Result r = new Bench(org.damka.eval.Evaluations.AUTO, null, new Bench.Resources(1, 256))
                .search(Bench.positions(), 1, null);
        long lineMs = 0;
        for (String line : r.lines()) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile(" time +(\\d+) ms ").matcher(line);
            assertTrue(m.find(), line);
            lineMs += Long.parseLong(m.group(1));
        }
        // each line's ms is rounded down: the total is at most one more per position (and at least 1)
        assertTrue(r.ms() <= Math.max(1, lineMs + r.lines().size()), r.ms() + " ms in all, " + lineMs + " ms in the lines");
    }

    /** A bench stopped inside its first position said "0 positions (0 nodes)" after seconds of searching. */
    @Test
    void aStoppedBenchCountsTheNodesOfThePositionItStoppedIn() throws InterruptedException {
        Bench bench = new Bench();
        Thread stopper = new Thread(() -> {
            try {
                while (!bench.searching()) Thread.sleep(5);
                Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            }
            bench.stop();
        });
        stopper.start();
        Bench.Result r = bench.search(Bench.positions(), 40, null); // depth 40: the first position outlasts the stop
        stopper.join();
        assertFalse(r.complete());
        assertEquals(0, r.lines().size());
        assertTrue(r.nodes() > 0, r.summary());
    }

    @Test
    @Tag("deep")
    void theFullBenchGivesTheSameNodesTwice() {
        Bench.Result a = Bench.run(Bench.positions(), 0, null);
        Bench.Result b = Bench.run(Bench.positions(), 0, null);
        assertEquals(a.nodes(), b.nodes());
        System.err.println(a.summary());
    }

    @Test
    void engineBenchMatchesTheBenchRunner() {
        Engine engine = new Engine();
        Bench.Result viaEngine = engine.bench(4, null);
        assertEquals(Bench.run(Bench.positions(), 4, null).nodes(), viaEngine.nodes());
    }
}
