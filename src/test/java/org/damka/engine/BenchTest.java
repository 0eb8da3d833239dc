package org.damka.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
