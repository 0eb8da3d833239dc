package org.damka.bench;

import java.util.concurrent.TimeUnit;

import org.damka.board.Position;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Move generation and copy-make per variant and kind of position. The state cycles through
 * several positions so nothing can be constant-folded; results go to the blackhole.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MoveGenBenchmark {
    @Param({"russian", "brazilian", "international", "english", "hexagonal"})
    public String variant;

    @Param({"opening", "kings", "captures"})
    public String kind;

    private Position[] positions;
    private MoveGenerator generator;
    private final MoveList moves = new MoveList();
    private final Position child = new Position();
    private int next;

    @Setup
    public void setUp() {
        positions = BenchPositions.positions(variant, kind, 8);
        generator = MoveGenerator.create(BenchPositions.rules(variant));
    }

    private Position nextPosition() {
        next = (next + 1) & 7;
        return positions[next];
    }

    /** All legal moves of a position into a preallocated list. */
    @Benchmark
    public int generate() {
        return generator.generate(nextPosition(), moves);
    }

    /** Generate, then copy-make every move (what a search does at each node). */
    @Benchmark
    public void generateAndPlay(Blackhole hole) {
        Position p = nextPosition();
        int n = generator.generate(p, moves);
        for (int i = 0; i < n; i++) {
            child.copyFrom(p);
            moves.play(child, i);
            hole.consume(child.hash());
        }
    }
}
