package org.damka.rules;

/**
 * Which captures a side may choose among, as a rank of each complete capture: only the captures
 * of the highest rank are legal. The capture walker asks this once per finished capture, so a new
 * priority (frisian: the most value, a king counting more than a man; italian: the most pieces,
 * then with a king, then the most kings) is a new constant here and nothing else in the walker.
 * A rank must not allocate: it is computed on the hot path.
 */
public enum CapturePrecedence {
    /** Every capture is legal (russian, english, hexagonal). */
    FREE_CHOICE {
        @Override public int rank(int pieces, int kings, boolean byKing) { return 0; }
    },
    /** The side must take the most pieces, kings and men counting the same (brazilian, international). */
    MOST_PIECES {
        @Override public int rank(int pieces, int kings, boolean byKing) { return pieces; }
    };

    /**
     * The rank of a complete capture that takes {@code pieces} pieces, {@code kings} of them kings,
     * made by a king ({@code byKing}) or a man: 0 or more. Higher ranks exclude lower ones.
     */
    public abstract int rank(int pieces, int kings, boolean byKing);
}
