package org.damka.bench;

import java.util.concurrent.TimeUnit;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.Perft;
import org.damka.rules.Rules;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** perft to a small fixed depth from the start position (about 30-70 k leaves per call). */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PerftBenchmark {
    @Param({"russian", "brazilian", "international", "english", "hexagonal"})
    public String variant;

    private Perft perft;
    private Position start;
    private int depth;

    @Setup
    public void setUp() {
        Rules rules = BenchPositions.rules(variant);
        perft = new Perft(MoveGenerator.create(rules));
        start = Fen.parse(rules, rules.startFen());
        depth = switch (variant) {
            case "international" -> 5;   // 27,117 leaves
            case "hexagonal" -> 4;       // 71,088 leaves
            default -> 6;                // 36-38 k leaves
        };
    }

    @Benchmark
    public long perft() {
        return perft.count(start, depth);
    }
}
