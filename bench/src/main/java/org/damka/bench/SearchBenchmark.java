package org.damka.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.damka.board.Fen;
import org.damka.engine.Bench;
import org.damka.eval.Evaluations;
import org.damka.game.Game;
import org.damka.movegen.Move;
import org.damka.rules.Rules;
import org.damka.search.Search;
import org.damka.search.SearchInfo;
import org.damka.search.SearchLimits;
import org.damka.search.SearchListener;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A fixed-depth search (one thread, 16 MB table cleared first) of each {@code bench} position
 * of a variant in turn, with the evaluation the engine plays by default ({@code auto}: the
 * learned one in russian, brazilian, international and english). The score is time per search;
 * nodes per second follow from the node counts that {@code damka bench} prints.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class SearchBenchmark {
    @Param({"russian", "brazilian", "international", "english", "hexagonal"})
    public String variant;

    @Param({"6"})
    public int depth;

    @Param({"auto"})
    public String evaluation;

    private final List<Game> games = new ArrayList<>();
    private Search search;
    private int next;

    private static final SearchListener SILENT = new SearchListener() {
        @Override public void info(SearchInfo info) { }
        @Override public void bestMove(Move move, Move ponder) { }
    };

    @Setup
    public void setUp() {
        Rules rules = BenchPositions.rules(variant);
        for (Bench.Position p : Bench.positions()) {
            if (p.rules() == rules) games.add(new Game(rules, Fen.parse(rules, p.fen())));
        }
        search = new Search(rules, Evaluations.named(rules, evaluation), Bench.HASH_MB);
    }

    @Benchmark
    public long search() {
        next = (next + 1) % games.size();
        search.clear();
        search.run(games.get(next), SearchLimits.depth(depth), 0, SILENT);
        return search.nodes();
    }
}
