package org.damka.egdb;

import org.damka.board.Position;
import org.damka.rules.Geometry;
import org.damka.rules.Rules;

/**
 * Numbers the positions of one material balance 0..size-1. Each kind of piece (white men, white
 * kings, black men, black kings) is a set of cells ranked as a combination (colex order) over the
 * cells where that kind can stand (men never stand on their own promotion row); the four ranks and
 * the side to move are the digits of the index. Placements in which two kinds share a cell get an
 * index too and are marked as not a position: the waste is small and the index stays simple.
 *
 * <p>Cells are ranked in layout-bit order, so ranking a position is a walk over its bitboards:
 * {@link #indexOf} allocates nothing.
 */
public final class SliceIndex {
    private final Domain menWhite, menBlack, kings;
    private final Material material;
    // Number of combinations of each kind, and the size.
    private final long nwm, nwk, nbm, nbk, size;

    private static final long[][] BINOMIAL = new long[129][8];
    static {
        for (int n = 0; n < BINOMIAL.length; n++) {
            BINOMIAL[n][0] = 1;
            for (int k = 1; k < 8; k++) BINOMIAL[n][k] = n == 0 ? 0 : BINOMIAL[n - 1][k - 1] + BINOMIAL[n - 1][k];
        }
    }

    static long binomial(int n, int k) {
        return n < k ? 0 : BINOMIAL[n][k];
    }

    /** The cells one kind of piece may stand on, numbered in layout-bit order. */
    static final class Domain {
        final int[] bitOf;       // domain number -> layout bit
        final int[] numberOf;    // layout bit -> domain number, or -1
        final long lo, hi;       // the domain as a bitboard
        /** term[i][bit]: what the i-th lowest piece on a layout bit adds to a rank. */
        final long[][] term = new long[BINOMIAL[0].length][];

        Domain(Geometry g, long excludeLo, long excludeHi) {
            long l = g.boardLo() & ~excludeLo, h = g.boardHi() & ~excludeHi;
            lo = l;
            hi = h;
            bitOf = new int[Long.bitCount(l) + Long.bitCount(h)];
            numberOf = new int[g.layoutBits()];
            java.util.Arrays.fill(numberOf, -1);
            int n = 0;
            for (int b = 0; b < g.layoutBits(); b++) {
                if ((((b < 64 ? l : h) >>> (b & 63)) & 1) != 0) {
                    bitOf[n] = b;
                    numberOf[b] = n++;
                }
            }
            for (int i = 1; i < term.length; i++) {
                term[i] = new long[g.layoutBits()];
                for (int b = 0; b < g.layoutBits(); b++) term[i][b] = numberOf[b] < 0 ? 0 : binomial(numberOf[b], i);
            }
        }

        int size() { return bitOf.length; }

        /** Colex rank of a set of cells (all in the domain), given as two layout words. */
        long rank(long setLo, long setHi) {
            long r = 0;
            int i = 1;
            for (long s = setLo; s != 0; s &= s - 1) r += term[i++][Long.numberOfTrailingZeros(s)];
            for (long s = setHi; s != 0; s &= s - 1) r += term[i++][64 + Long.numberOfTrailingZeros(s)];
            return r;
        }

        /**
         * The largest domain number a below {@code limit} with binomial(a, i) &lt;= rank (a
         * binary search: binomial(a, i) grows with a).
         */
        int unrankStep(long rank, int i, int limit) {
            int lo = i - 1, hi = limit; // binomial(i - 1, i) = 0 <= rank; the answer is in [lo, hi)
            while (hi - lo > 1) {
                int mid = (lo + hi) >>> 1;
                if (binomial(mid, i) <= rank) lo = mid;
                else hi = mid;
            }
            return lo;
        }
    }

    /** The domains of one variant, shared by all its slices. */
    static final class Domains {
        final Domain menWhite, menBlack, kings;

        Domains(Rules rules) {
            Geometry g = rules.geometry();
            menWhite = new Domain(g, g.promotionLo(Position.WHITE), g.promotionHi(Position.WHITE));
            menBlack = new Domain(g, g.promotionLo(Position.BLACK), g.promotionHi(Position.BLACK));
            kings = new Domain(g, 0, 0);
        }
    }

    SliceIndex(Domains domains, Material m) {
        this.menWhite = domains.menWhite;
        this.menBlack = domains.menBlack;
        this.kings = domains.kings;
        this.material = m;
        nwm = binomial(menWhite.size(), m.whiteMen());
        nwk = binomial(kings.size(), m.whiteKings());
        nbm = binomial(menBlack.size(), m.blackMen());
        nbk = binomial(kings.size(), m.blackKings());
        size = nwm * nwk * nbm * nbk * 2;
    }

    public Material material() { return material; }

    /** Number of indices (positions, both sides to move, including marked non-positions). */
    public long size() { return size; }

    /** The index of a position of this balance. Allocates nothing. */
    public long indexOf(Position p) {
        long kLo = p.kingsLo(), kHi = p.kingsHi();
        long wLo = p.whiteLo(), wHi = p.whiteHi(), bLo = p.blackLo(), bHi = p.blackHi();
        long r = menWhite.rank(wLo & ~kLo, wHi & ~kHi);
        r = r * nwk + kings.rank(wLo & kLo, wHi & kHi);
        r = r * nbm + menBlack.rank(bLo & ~kLo, bHi & ~kHi);
        r = r * nbk + kings.rank(bLo & kLo, bHi & kHi);
        return r * 2 + p.sideToMove();
    }

    /**
     * Sets up the position with an index; returns false (leaving p unspecified) when two pieces
     * would share a cell, which makes the index no position.
     */
    public boolean decode(long index, Position p) {
        p.clear();
        int side = (int) (index & 1);
        long r = index >>> 1;
        long bk = r % nbk; r /= nbk;
        long bm = r % nbm; r /= nbm;
        long wk = r % nwk; r /= nwk;
        boolean ok = place(p, kings, material.blackKings(), bk, Position.BLACK, true)
                && place(p, menBlack, material.blackMen(), bm, Position.BLACK, false)
                && place(p, kings, material.whiteKings(), wk, Position.WHITE, true)
                && place(p, menWhite, material.whiteMen(), r, Position.WHITE, false);
        p.setSideToMove(side);
        return ok;
    }

    private static boolean place(Position p, Domain d, int k, long rank, int side, boolean king) {
        int a = d.size();
        for (int i = k; i >= 1; i--) {
            a = d.unrankStep(rank, i, a);
            rank -= binomial(a, i);
            int bit = d.bitOf[a];
            if (!p.isEmpty(bit)) return false;
            p.put(side, king, bit);
        }
        return true;
    }
}
