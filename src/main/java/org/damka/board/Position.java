package org.damka.board;

import org.damka.rules.Geometry;

/**
 * A board position: three sets of pieces (White, Black, kings) in the geometry's bit layout,
 * split into a low and a high word (the high word is used only by boards wider than 64 bits),
 * the side to move and an incrementally kept Zobrist hash.
 *
 * <p>Positions are mutable and meant to be reused: searches keep one per ply and use
 * {@link #copyFrom} followed by {@link #play} (copy-make), which allocates nothing.
 */
public final class Position {
    public static final int WHITE = 0, BLACK = 1;

    private long whiteLo, whiteHi, blackLo, blackHi, kingsLo, kingsHi;
    private int sideToMove;
    private long hash;

    public Position() { }

    public Position(Position other) {
        copyFrom(other);
    }

    public void copyFrom(Position o) {
        whiteLo = o.whiteLo; whiteHi = o.whiteHi;
        blackLo = o.blackLo; blackHi = o.blackHi;
        kingsLo = o.kingsLo; kingsHi = o.kingsHi;
        sideToMove = o.sideToMove;
        hash = o.hash;
    }

    /** Empties the board; White to move. */
    public void clear() {
        whiteLo = whiteHi = blackLo = blackHi = kingsLo = kingsHi = 0;
        sideToMove = WHITE;
        hash = 0;
    }

    public long whiteLo() { return whiteLo; }
    public long whiteHi() { return whiteHi; }
    public long blackLo() { return blackLo; }
    public long blackHi() { return blackHi; }
    public long kingsLo() { return kingsLo; }
    public long kingsHi() { return kingsHi; }
    public int sideToMove() { return sideToMove; }
    public long hash() { return hash; }

    /** Pieces of a side, low word. */
    public long piecesLo(int side) { return side == WHITE ? whiteLo : blackLo; }
    public long piecesHi(int side) { return side == WHITE ? whiteHi : blackHi; }

    public boolean isEmpty(int bit) {
        return (((bit < 64 ? whiteLo | blackLo : whiteHi | blackHi) >>> bit) & 1) == 0;
    }

    /** Side (0/1) of the piece on a layout bit, or -1 when the cell is empty. */
    public int sideAt(int bit) {
        if ((((bit < 64 ? whiteLo : whiteHi) >>> bit) & 1) != 0) return WHITE;
        if ((((bit < 64 ? blackLo : blackHi) >>> bit) & 1) != 0) return BLACK;
        return -1;
    }

    public boolean isKing(int bit) {
        return (((bit < 64 ? kingsLo : kingsHi) >>> bit) & 1) != 0;
    }

    /** Number of pieces of a side. */
    public int count(int side) {
        return Long.bitCount(piecesLo(side)) + Long.bitCount(piecesHi(side));
    }

    /** Number of kings of a side. */
    public int kingCount(int side) {
        return Long.bitCount(piecesLo(side) & kingsLo) + Long.bitCount(piecesHi(side) & kingsHi);
    }

    /** Puts a piece on an empty layout bit (set-up only; keeps the hash right). */
    public void put(int side, boolean king, int bit) {
        long m = 1L << bit;
        boolean low = bit < 64;
        if (side == WHITE) { if (low) whiteLo |= m; else whiteHi |= m; }
        else { if (low) blackLo |= m; else blackHi |= m; }
        if (king) { if (low) kingsLo |= m; else kingsHi |= m; }
        hash ^= Zobrist.piece(side, king, bit);
    }

    public void setSideToMove(int side) {
        if (side != sideToMove) hash ^= Zobrist.BLACK_TO_MOVE;
        sideToMove = side;
    }

    /**
     * Plays a move given as its parts: the moving piece goes from one bit to another, the
     * captured pieces (a set in the layout) are removed, and the piece ends as a king if it was
     * one or if {@code promotes}. Allocates nothing.
     */
    public void play(int from, int to, long capturedLo, long capturedHi, boolean promotes) {
        int side = sideToMove;
        boolean wasKing = isKing(from);
        boolean endsKing = wasKing || promotes;
        long h = hash ^ Zobrist.piece(side, wasKing, from) ^ Zobrist.piece(side, endsKing, to) ^ Zobrist.BLACK_TO_MOVE;
        long fromLo = from < 64 ? 1L << from : 0, fromHi = from < 64 ? 0 : 1L << from;
        long toLo = to < 64 ? 1L << to : 0, toHi = to < 64 ? 0 : 1L << to;
        // Hash out each captured piece with its kind.
        int enemy = side ^ 1;
        for (long c = capturedLo; c != 0; c &= c - 1) {
            int b = Long.numberOfTrailingZeros(c);
            h ^= Zobrist.piece(enemy, ((kingsLo >>> b) & 1) != 0, b);
        }
        for (long c = capturedHi; c != 0; c &= c - 1) {
            int b = Long.numberOfTrailingZeros(c);
            h ^= Zobrist.piece(enemy, ((kingsHi >>> b) & 1) != 0, b + 64);
        }
        if (side == WHITE) {
            whiteLo = (whiteLo & ~fromLo) | toLo;
            whiteHi = (whiteHi & ~fromHi) | toHi;
            blackLo &= ~capturedLo;
            blackHi &= ~capturedHi;
        } else {
            blackLo = (blackLo & ~fromLo) | toLo;
            blackHi = (blackHi & ~fromHi) | toHi;
            whiteLo &= ~capturedLo;
            whiteHi &= ~capturedHi;
        }
        kingsLo &= ~(fromLo | capturedLo);
        kingsHi &= ~(fromHi | capturedHi);
        if (endsKing) { kingsLo |= toLo; kingsHi |= toHi; }
        sideToMove = enemy;
        hash = h;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Position p && whiteLo == p.whiteLo && whiteHi == p.whiteHi && blackLo == p.blackLo
                && blackHi == p.blackHi && kingsLo == p.kingsLo && kingsHi == p.kingsHi && sideToMove == p.sideToMove;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(hash);
    }

    /** Recomputes the hash from scratch (for tests of the incremental update). */
    public long computeHash(Geometry geometry) {
        long h = sideToMove == BLACK ? Zobrist.BLACK_TO_MOVE : 0;
        for (int c = 0; c < geometry.cells(); c++) {
            int b = geometry.bit(c);
            int s = sideAt(b);
            if (s >= 0) h ^= Zobrist.piece(s, isKing(b), b);
        }
        return h;
    }
}
