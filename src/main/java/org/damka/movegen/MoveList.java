package org.damka.movegen;

import org.damka.board.Position;

/**
 * A preallocated buffer of moves in parallel primitive arrays. A move is (from, to, captured set,
 * promotes); squares are layout bits of the geometry, the captured set is two layout words.
 * Searches keep one list per ply, so generating moves allocates nothing. A list grows (once, and
 * keeps its size) in the rare positions with more moves than its initial capacity: flying-king
 * captures can have tens of thousands of distinct moves.
 */
public final class MoveList {
    /** Initial capacity: enough for ordinary positions; the list grows when a position needs more. */
    public static final int CAPACITY = 1024;

    private static final int TO_SHIFT = 8, PROMOTES = 1 << 16, COUNT_SHIFT = 17;

    /**
     * Initial capacity of the lists the engine's edges make for one position at a time (a game's
     * legal moves, notation): small, so that the several games and notations made per move do not
     * feed the garbage collector, whose pauses cost time on a busy machine.
     */
    public static final int ONE_POSITION = 64;

    int size;
    int[] packed;
    long[] capturedLo;
    long[] capturedHi;

    /** A list of {@link #CAPACITY} moves: a search's per-ply list. */
    public MoveList() { this(CAPACITY); }

    public MoveList(int initialCapacity) {
        packed = new int[initialCapacity];
        capturedLo = new long[initialCapacity];
        capturedHi = new long[initialCapacity];
    }

    public int size() { return size; }
    public void clear() { size = 0; }

    public int from(int i) { return packed[i] & 0xff; }
    public int to(int i) { return (packed[i] >>> TO_SHIFT) & 0xff; }
    public boolean promotes(int i) { return (packed[i] & PROMOTES) != 0; }
    /** Number of pieces the move captures (0 for a quiet move). */
    public int captureCount(int i) { return packed[i] >>> COUNT_SHIFT; }
    public boolean isCapture(int i) { return packed[i] >>> COUNT_SHIFT != 0; }
    public long capturedLo(int i) { return capturedLo[i]; }
    public long capturedHi(int i) { return capturedHi[i]; }

    // The fields of a packed entry, for Move.
    static int fromOf(int packed) { return packed & 0xff; }
    static int toOf(int packed) { return (packed >>> TO_SHIFT) & 0xff; }
    static boolean promotesOf(int packed) { return (packed & PROMOTES) != 0; }
    static int captureCountOf(int packed) { return packed >>> COUNT_SHIFT; }

    /** Move i as a value (allocates: for the edges of the engine, not the search). */
    public Move move(int i) {
        return new Move(packed[i], capturedLo[i], capturedHi[i]);
    }

    /** The index of a move in this list, or -1 when it is not there (not legal here). */
    public int indexOf(Move m) {
        for (int i = 0; i < size; i++) if (m.is(this, i)) return i;
        return -1;
    }

    /**
     * A 32-bit key of move i that is equal for equal moves (from, to, promotion, captured set
     * folded in). Used to recognise a remembered move among freshly generated ones.
     */
    public int key(int i) {
        long c = capturedLo[i] * 0x9E3779B97F4A7C15L ^ capturedHi[i] * 0xC2B2AE3D27D4EB4FL;
        return (packed[i] & 0x1ffff) ^ ((int) (c >>> 32) & 0xfffe0000) ^ ((packed[i] >>> COUNT_SHIFT) << 17);
    }

    void add(int from, int to, long capLo, long capHi, int count, boolean promotes) {
        if (size == packed.length) grow();
        int i = size++;
        packed[i] = from | (to << TO_SHIFT) | (promotes ? PROMOTES : 0) | (count << COUNT_SHIFT);
        capturedLo[i] = capLo;
        capturedHi[i] = capHi;
    }

    /** Doubles the capacity, keeping the entries (rare: only huge capture lists get here). */
    private void grow() {
        int n = packed.length * 2;
        packed = java.util.Arrays.copyOf(packed, n);
        capturedLo = java.util.Arrays.copyOf(capturedLo, n);
        capturedHi = java.util.Arrays.copyOf(capturedHi, n);
    }

    /** Swaps two entries (move ordering). */
    public void swap(int i, int j) {
        int p = packed[i]; packed[i] = packed[j]; packed[j] = p;
        long l = capturedLo[i]; capturedLo[i] = capturedLo[j]; capturedLo[j] = l;
        long h = capturedHi[i]; capturedHi[i] = capturedHi[j]; capturedHi[j] = h;
    }

    /** Copies entry i of another list to the end of this one. */
    public void addFrom(MoveList other, int i) {
        if (size == packed.length) grow();
        int j = size++;
        packed[j] = other.packed[i];
        capturedLo[j] = other.capturedLo[i];
        capturedHi[j] = other.capturedHi[i];
    }

    /** True if entry i here and entry j of other are the same move. */
    public boolean sameMove(int i, MoveList other, int j) {
        return packed[i] == other.packed[j] && capturedLo[i] == other.capturedLo[j]
                && capturedHi[i] == other.capturedHi[j];
    }

    /** Plays move i on a position. */
    public void play(Position position, int i) {
        position.play(from(i), to(i), capturedLo[i], capturedHi[i], promotes(i));
    }
}
