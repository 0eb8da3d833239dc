package org.damka.eval;

import org.damka.rules.Geometry;

/**
 * Per-cell tables the evaluation reads, computed once from a {@link Geometry} so that the same
 * code serves square and hexagonal boards: rows advanced per side, ring (distance from the edge
 * along the four lines), the longest line(s), back rows, and each man's forward cone (every cell
 * it could reach by forward steps). Masks are (lo, hi) pairs in the layout; indexed by layout bit.
 */
final class BoardTables {
    final Geometry geometry;
    final int layout;
    final int rows;
    final int maxRing;
    /** advanced[side * layout + bit]: rows from the side's own back row (0 there). */
    final int[] advanced;
    final int[] ring;
    final long mainLineLo, mainLineHi;
    final long[] backRowLo = new long[2], backRowHi = new long[2];
    /** Forward cone per side and bit, not including the bit itself. */
    final long[] coneLo, coneHi;
    /** Signed layout shift per direction. */
    final int[] shift = new int[Geometry.DIRECTIONS];
    final long boardLo, boardHi;
    /** King steps (one cell along any of the four lines) between two cells: dist[bitA * layout + bitB]. */
    final int[] dist;

    BoardTables(Geometry g) {
        this.geometry = g;
        this.layout = g.layoutBits();
        this.rows = g.rows();
        this.boardLo = g.boardLo();
        this.boardHi = g.boardHi();
        for (int d = 0; d < Geometry.DIRECTIONS; d++) shift[d] = g.shift(d);
        advanced = new int[2 * layout];
        ring = new int[layout];
        coneLo = new long[2 * layout];
        coneHi = new long[2 * layout];
        int longest = 0;
        int[] lineA = new int[layout], lineB = new int[layout];
        int mr = 0;
        for (int c = 0; c < g.cells(); c++) {
            int bit = g.bit(c);
            int row = g.row(c);
            advanced[bit] = rows - 1 - row;            // White moves up, toward row 0
            advanced[layout + bit] = row;
            int r = Integer.MAX_VALUE;
            int[] steps = new int[Geometry.DIRECTIONS];
            for (int d = 0; d < Geometry.DIRECTIONS; d++) {
                int n = 0;
                for (int x = g.next(d, bit); x >= 0; x = g.next(d, x)) n++;
                steps[d] = n;
                r = Math.min(r, n);
            }
            ring[bit] = r;
            mr = Math.max(mr, r);
            lineA[bit] = steps[Geometry.UP_LEFT] + steps[Geometry.DOWN_RIGHT] + 1;
            lineB[bit] = steps[Geometry.UP_RIGHT] + steps[Geometry.DOWN_LEFT] + 1;
            longest = Math.max(longest, Math.max(lineA[bit], lineB[bit]));
            if (row == rows - 1) set(backRowLo, backRowHi, 0, bit);
            if (row == 0) set(backRowLo, backRowHi, 1, bit);
        }
        maxRing = mr;
        dist = new int[layout * layout];
        java.util.Arrays.fill(dist, 99);
        int[] queue = new int[g.cells()];
        for (int c = 0; c < g.cells(); c++) {
            int from = g.bit(c);
            int head = 0, tail = 0;
            queue[tail++] = from;
            dist[from * layout + from] = 0;
            while (head < tail) {
                int x = queue[head++];
                for (int d = 0; d < Geometry.DIRECTIONS; d++) {
                    int y = g.next(d, x);
                    if (y >= 0 && dist[from * layout + y] == 99) {
                        dist[from * layout + y] = dist[from * layout + x] + 1;
                        queue[tail++] = y;
                    }
                }
            }
        }
        long mlLo = 0, mlHi = 0;
        for (int c = 0; c < g.cells(); c++) {
            int bit = g.bit(c);
            if (lineA[bit] == longest || lineB[bit] == longest) {
                if (bit < 64) mlLo |= 1L << bit; else mlHi |= 1L << (bit - 64);
            }
        }
        mainLineLo = mlLo;
        mainLineHi = mlHi;
        for (int side = 0; side < 2; side++) {
            int d1 = side == 0 ? Geometry.UP_LEFT : Geometry.DOWN_LEFT;
            int d2 = side == 0 ? Geometry.UP_RIGHT : Geometry.DOWN_RIGHT;
            // Rows are processed from the far side backward so a cell's cone is built from its
            // forward neighbours' cones.
            for (int k = 0; k < rows; k++) {
                int row = side == 0 ? k : rows - 1 - k;
                for (int c = 0; c < g.cells(); c++) {
                    if (g.row(c) != row) continue;
                    int bit = g.bit(c);
                    long lo = 0, hi = 0;
                    for (int d : new int[] {d1, d2}) {
                        int x = g.next(d, bit);
                        if (x < 0) continue;
                        if (x < 64) lo |= 1L << x; else hi |= 1L << (x - 64);
                        lo |= coneLo[side * layout + x];
                        hi |= coneHi[side * layout + x];
                    }
                    coneLo[side * layout + bit] = lo;
                    coneHi[side * layout + bit] = hi;
                }
            }
        }
    }

    private static void set(long[] lo, long[] hi, int side, int bit) {
        if (bit < 64) lo[side] |= 1L << bit; else hi[side] |= 1L << (bit - 64);
    }

    /** Low word of the two-word set (lo, hi) shifted by s layout bits (s > 0: toward higher bits). */
    static long shiftLo(long lo, long hi, int s) {
        return s > 0 ? lo << s : (lo >>> -s) | (hi << (64 + s));
    }

    /** High word of the two-word set (lo, hi) shifted by s. */
    static long shiftHi(long lo, long hi, int s) {
        return s > 0 ? (hi << s) | (lo >>> (64 - s)) : hi >>> -s;
    }
}
