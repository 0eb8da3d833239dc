package org.damka.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.damka.search.TranspositionTable;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Transposition-table probe and store with random keys over a table of the given size (so
 * that cache misses are measured as the search meets them), half of the probes hitting.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class TranspositionTableBenchmark {
    @Param({"16", "256"})
    public int hashMb;

    private TranspositionTable table;
    private long[] keys;
    private int next;

    @Setup
    public void setUp() {
        table = new TranspositionTable(hashMb);
        SplittableRandom random = new SplittableRandom(7);
        keys = new long[1 << 16];
        for (int i = 0; i < keys.length; i++) keys[i] = random.nextLong();
        for (int i = 0; i < keys.length; i += 2) table.store(keys[i], i, i & 255, 5, TranspositionTable.BOUND_EXACT);
    }

    @Benchmark
    public long probe() {
        next = (next + 1) & (keys.length - 1);
        return table.probe(keys[next]);
    }

    @Benchmark
    public void store() {
        next = (next + 1) & (keys.length - 1);
        table.store(keys[next], next, next & 255, next & 15, TranspositionTable.BOUND_LOWER);
    }
}
