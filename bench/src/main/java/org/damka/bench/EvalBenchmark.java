package org.damka.bench;

import java.util.concurrent.TimeUnit;

import org.damka.board.Position;
import org.damka.eval.Evaluations;
import org.damka.eval.Evaluator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Static evaluation of middle-game positions with kings and of opening positions. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class EvalBenchmark {
    @Param({"russian", "brazilian", "international", "english", "hexagonal"})
    public String variant;

    @Param({"opening", "kings"})
    public String kind;

    @Param({"classic", "learned"})
    public String evaluation;

    private Position[] positions;
    private Evaluator evaluator;
    private int next;

    @Setup
    public void setUp() {
        positions = BenchPositions.positions(variant, kind, 8);
        evaluator = Evaluations.named(BenchPositions.rules(variant), evaluation);
    }

    @Benchmark
    public int evaluate() {
        next = (next + 1) & 7;
        return evaluator.evaluate(positions[next]);
    }
}
