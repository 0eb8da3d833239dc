package org.damka.engine;

/**
 * How late the answers to timed searches came: the milliseconds between a search's hard deadline
 * and the moment its best move had been written (a busy machine deschedules the search thread,
 * a garbage collection pauses it). The margin the next searches keep in hand, on top of the Move
 * Overhead option, is the second largest recent lateness, each halved for every {@value #HALF_LIFE}
 * moves since: an engine that is late again and again on a loaded machine aims earlier, and
 * relaxes once the load has gone, while one pause alone (which an earlier aim would not have
 * avoided) does not cost the next moves their time: with the largest, one answer 143 ms late
 * left about 35 moves of 100 ms near-instant.
 */
final class Lateness {
    static final int WINDOW = 32, HALF_LIFE = 8;
    /** Never keep more than this in hand: a pathological pause must not starve every later move. */
    static final long MAX_MARGIN_MS = 1000;

    private final long[] recent = new long[WINDOW];
    /** Searches recorded: a long, so that an engine up for years of moves never wraps it negative. */
    private long count;

    /**
     * Records one search: elapsed ms when its answer was written, its hard deadline (MAX_VALUE:
     * none) and when it could first answer (the end of its first iteration). Lateness counts from
     * the later of the two: a first iteration that ends after the deadline (a fresh JVM still
     * interprets the search) is not helped by answering earlier, and keeping that time back would
     * starve the next moves.
     */
    synchronized void record(long elapsedMs, long hardMs, long readyMs) {
        if (hardMs == Long.MAX_VALUE) return;
        recent[(int) (count++ % WINDOW)] = Math.max(0, elapsedMs - Math.max(hardMs, readyMs));
    }

    /** The margin to keep in hand (see the class comment), at most {@value #MAX_MARGIN_MS} ms. */
    synchronized long marginMs() {
        long largest = 0, second = 0;
        for (int age = 0; age < Math.min(count, WINDOW); age++) {
            long late = recent[Math.floorMod(count - 1 - age, WINDOW)] >> (age / HALF_LIFE);
            if (late > largest) {
                second = largest;
                largest = late;
            } else if (late > second) {
                second = late;
            }
        }
        return Math.min(second, MAX_MARGIN_MS);
    }
}
