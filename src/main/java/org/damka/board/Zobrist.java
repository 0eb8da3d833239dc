package org.damka.board;

import java.util.SplittableRandom;

/**
 * Zobrist keys: one random 64-bit key per (colour, piece kind, layout bit) and one for the side
 * to move. A fixed seed keeps hashes, and so search behaviour, identical run to run.
 */
public final class Zobrist {
    private Zobrist() { }

    private static final int LAYOUT = 128;
    /** Index: (side * 2 + (king ? 1 : 0)) * 128 + bit. */
    private static final long[] PIECE = new long[4 * LAYOUT];
    public static final long BLACK_TO_MOVE;

    static {
        SplittableRandom random = new SplittableRandom(0x5EEDDA3CAL);
        for (int i = 0; i < PIECE.length; i++) PIECE[i] = random.nextLong();
        BLACK_TO_MOVE = random.nextLong();
    }

    /** The key of a piece of a side (0 White, 1 Black), man or king, on a layout bit. */
    public static long piece(int side, boolean king, int bit) {
        return PIECE[((side << 1) | (king ? 1 : 0)) * LAYOUT + bit];
    }
}
