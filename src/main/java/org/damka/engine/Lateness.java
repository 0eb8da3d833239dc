package org.damka.engine;

/**
 * How late the answers to timed searches came: the milliseconds between a search's hard deadline
 * and the moment its best move had been written (a busy machine deschedules the search thread,
 * a garbage collection pauses it). The largest lateness of the last {@value #WINDOW} timed moves
 * is the margin the next searches keep in hand, on top of the Move Overhead option, so an engine
 * that finds itself late on a loaded machine aims earlier, and relaxes once the load has gone.
 */
final class Lateness {
    static final int WINDOW = 32;
    /** Never keep more than this in hand: a pathological pause must not starve every later move. */
    static final long MAX_MARGIN_MS = 1000;

    private final long[] recent = new long[WINDOW];
    private int count;

    /** Records one search: elapsed ms when its answer was written, its hard deadline (MAX_VALUE: none). */
    synchronized void record(long elapsedMs, long hardMs) {
        if (hardMs == Long.MAX_VALUE) return;
        recent[count++ % WINDOW] = Math.max(0, elapsedMs - hardMs);
    }

    /** The margin to keep in hand: the largest recent lateness, at most {@value #MAX_MARGIN_MS} ms. */
    synchronized long marginMs() {
        long max = 0;
        for (long late : recent) max = Math.max(max, late);
        return Math.min(max, MAX_MARGIN_MS);
    }
}
