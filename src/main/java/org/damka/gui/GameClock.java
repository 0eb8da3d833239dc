package org.damka.gui;

/**
 * A room's clock: each side's time left and the increment added after each of its moves (the
 * first included). It runs
 * for the side to move from the game's first move on (nobody is charged for waiting for a friend
 * to arrive) and stops when the game ends; a side whose time runs out loses. Milliseconds,
 * measured with {@link System#nanoTime}.
 */
final class GameClock {
    /** The longest game time and increment a room may ask for; the shortest game time (less ends it as it starts). */
    static final long MAX_INITIAL_MS = 180 * 60_000L, MAX_INCREMENT_MS = 60_000L, MIN_INITIAL_MS = 1_000;

    private final long initialMs, incrementMs;
    private final long[] leftMs = new long[2];
    /** The side whose time runs, or -1. */
    private int running = -1;
    private long sinceNanos;

    GameClock(long initialMs, long incrementMs) {
        if (initialMs < MIN_INITIAL_MS || initialMs > MAX_INITIAL_MS) {
            throw new IllegalArgumentException("the clock's time must be at least " + MIN_INITIAL_MS / 1000 + " s and at most "
                    + MAX_INITIAL_MS / 60_000 + " minutes");
        }
        if (incrementMs < 0 || incrementMs > MAX_INCREMENT_MS) {
            throw new IllegalArgumentException("the clock's increment must be 0.." + MAX_INCREMENT_MS / 1000 + " seconds");
        }
        this.initialMs = initialMs;
        this.incrementMs = incrementMs;
        reset();
    }

    long initialMs() { return initialMs; }

    long incrementMs() { return incrementMs; }

    /** A new game: both sides have the whole time again, and nothing runs. */
    void reset() {
        leftMs[0] = leftMs[1] = initialMs;
        running = -1;
    }

    /** The side's time left now (0 or less once its flag has fallen). */
    long leftMs(int side) {
        return side == running ? leftMs[side] - (System.nanoTime() - sinceNanos) / 1_000_000 : leftMs[side];
    }

    /** The side whose time runs, or -1. */
    int running() { return running; }

    /** The side has moved: its time is charged (if it ran) and its increment added; the other side's runs. */
    void moved(int side) {
        leftMs[side] = leftMs(side) + incrementMs;
        running = -1;
        runFor(side ^ 1);
    }

    /** Runs the side's time (-1 stops the clock), charging the side whose time ran until now. */
    void runFor(int side) {
        if (side == running) return;
        if (running >= 0) leftMs[running] = leftMs(running);
        running = side;
        sinceNanos = System.nanoTime();
    }
}
