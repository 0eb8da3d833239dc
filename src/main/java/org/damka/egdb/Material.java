package org.damka.egdb;

import org.damka.board.Position;

/**
 * A material balance: the numbers of white men, white kings, black men and black kings. One
 * slice of the endgame database holds every position of one balance, both sides to move.
 */
public record Material(int whiteMen, int whiteKings, int blackMen, int blackKings) {
    /** Pieces per kind that a key can hold (a slice never has more than 7 of one kind). */
    static final int KIND_LIMIT = 8;
    /** Number of distinct keys. */
    static final int KEYS = KIND_LIMIT * KIND_LIMIT * KIND_LIMIT * KIND_LIMIT;

    public Material {
        if (whiteMen < 0 || whiteKings < 0 || blackMen < 0 || blackKings < 0
                || Math.max(Math.max(whiteMen, whiteKings), Math.max(blackMen, blackKings)) >= KIND_LIMIT) {
            throw new IllegalArgumentException("bad material " + whiteMen + "," + whiteKings + "," + blackMen + "," + blackKings);
        }
    }

    public int pieces() { return whiteMen + whiteKings + blackMen + blackKings; }

    public int men() { return whiteMen + blackMen; }

    /** True if play from this balance can reach balance b (pieces are lost, men become kings). */
    public boolean leadsTo(Material b) {
        return b.whiteMen <= whiteMen && b.whiteMen + b.whiteKings <= whiteMen + whiteKings
                && b.blackMen <= blackMen && b.blackMen + b.blackKings <= blackMen + blackKings;
    }

    /** A dense number of this balance (for array look-up). */
    public int key() { return key(whiteMen, whiteKings, blackMen, blackKings); }

    static int key(int wm, int wk, int bm, int bk) {
        return ((wm * KIND_LIMIT + wk) * KIND_LIMIT + bm) * KIND_LIMIT + bk;
    }

    /** The key of a position's balance (allocates nothing); -1 if a kind exceeds the key's range. */
    static int keyOf(Position p) {
        long kLo = p.kingsLo(), kHi = p.kingsHi();
        long wLo = p.whiteLo(), wHi = p.whiteHi(), bLo = p.blackLo(), bHi = p.blackHi();
        int wk = Long.bitCount(wLo & kLo) + Long.bitCount(wHi & kHi);
        int bk = Long.bitCount(bLo & kLo) + Long.bitCount(bHi & kHi);
        int wm = Long.bitCount(wLo) + Long.bitCount(wHi) - wk;
        int bm = Long.bitCount(bLo) + Long.bitCount(bHi) - bk;
        if ((wm | wk | bm | bk) >= KIND_LIMIT) return -1;
        return key(wm, wk, bm, bk);
    }

    public static Material of(Position p) {
        int wk = p.kingCount(Position.WHITE), bk = p.kingCount(Position.BLACK);
        return new Material(p.count(Position.WHITE) - wk, wk, p.count(Position.BLACK) - bk, bk);
    }

    /** The slice's file name stem, e.g. {@code w1m2k-b0m1k} (white 1 man 2 kings, black 1 king). */
    public String fileStem() {
        return stem(whiteMen, whiteKings, blackMen, blackKings);
    }

    /** The balance of any position in that form, also of one no table holds (24 pieces). */
    public static String describe(Position p) {
        int wk = p.kingCount(Position.WHITE), bk = p.kingCount(Position.BLACK);
        return stem(p.count(Position.WHITE) - wk, wk, p.count(Position.BLACK) - bk, bk);
    }

    private static String stem(int whiteMen, int whiteKings, int blackMen, int blackKings) {
        return "w" + whiteMen + "m" + whiteKings + "k-b" + blackMen + "m" + blackKings + "k";
    }

    /** Parses a {@link #fileStem()}; null if it is not one. */
    public static Material parseStem(String stem) {
        if (!stem.matches("w\\dm\\dk-b\\dm\\dk")) return null;
        int wm = stem.charAt(1) - '0', wk = stem.charAt(3) - '0', bm = stem.charAt(7) - '0', bk = stem.charAt(9) - '0';
        return Math.max(Math.max(wm, wk), Math.max(bm, bk)) >= KIND_LIMIT ? null : new Material(wm, wk, bm, bk);
    }

    /** For people: white's pieces v black's, e.g. {@code 2K1M v 1K} (two kings and a man against a king). */
    public String describe() {
        return side(whiteMen, whiteKings) + " v " + side(blackMen, blackKings);
    }

    private static String side(int men, int kings) {
        return (kings > 0 ? kings + "K" : "") + (men > 0 ? men + "M" : "");
    }

    @Override
    public String toString() { return fileStem(); }
}
