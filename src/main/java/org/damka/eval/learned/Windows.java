package org.damka.eval.learned;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.damka.board.Position;
import org.damka.rules.Geometry;

/**
 * The overlapping windows of the pattern evaluation, computed once from a {@link Geometry}.
 *
 * <p>Every cell gets a row and a horizontal coordinate x: a step up-left or down-left is x - 1,
 * up-right or down-right x + 1. On square boards x is the file; on the hexagon (axial q, r) it is
 * 2q + r, the doubled horizontal position. A window is the cells with row in [r, r + h) and x in
 * [x, x + 4), placed every 2 rows and every 2 columns (plus a last one flush with the far edge).
 * On 8×8 and 10×10 boards, h = 4, that is Scan's 4×4 block of 8 dark squares (9 and 16
 * windows). On the hexagon every row's cells are two x apart as on a square board, so the same
 * rule gives blocks of two adjacent cells in h consecutive rows, men's forward lines running
 * through them; there h = 3 (6 cells, {@link #rowsFor}), and the 2-step grid's 45 windows cover
 * all 80 cells, consecutive windows sharing a row; windows cut by the hexagon's slanted edges
 * keep fewer cells (their missing digits stay 0). A window's state is one base-3 digit per cell
 * (0 empty, 1 white man, 2 black man); kings are counted by the material terms, not the patterns.
 */
public final class Windows {
    /** The most cells a window has (four rows of two): the digits {@link #BASE3} converts. */
    private static final int MAX_SIZE = 8;

    /** Cells in a window (two per row it spans) and its states (3^size). */
    private final int size, states;
    private final int count;
    /** cells[w * size + k]: layout bit of the k-th cell of window w, or -1 when missing. */
    private final int[] cells;
    /**
     * Window w's cells as runs of consecutive layout bits in digit order, runs runFrom[w] to
     * runFrom[w + 1]: a run's first layout bit (0..127), its mask and its first digit. On square
     * boards each row of a window is one run of two bits, so a state is four shifts and masks per
     * colour instead of eight single-bit reads.
     */
    private final int[] runFrom, runBit, runMask, runDigit;
    /**
     * The windows each layout bit is in, for updates move by move ({@link WindowAccumulator}):
     * bitEntries[b * perBit + j] = window << 16 | 3^(the bit's digit in that window). A bit in
     * fewer than perBit windows is padded with power 0 (adds nothing), so an update is a fixed,
     * branch-free run of perBit additions.
     */
    private final int[] bitEntries;
    private final int perBit;
    /** BASE3[b] for an 8-bit set b: the base-3 number with the same digits (each 0 or 1). */
    private static final int[] BASE3 = new int[256];
    static {
        for (int b = 0; b < 256; b++) {
            int v = 0, pow = 1;
            for (int k = 0; k < MAX_SIZE; k++, pow *= 3) if ((b >>> k & 1) != 0) v += pow;
            BASE3[b] = v;
        }
    }

    /** The windows of the learned evaluation on this board: {@link #rowsFor} rows by four columns of x. */
    public Windows(Geometry g) {
        int rows = rowsFor(g);
        this.size = 2 * rows;
        int s = 1;
        for (int k = 0; k < size; k++) s *= 3;
        this.states = s;
        int n = g.cells();
        int[] x = coordinates(g);
        int width = Arrays.stream(x).max().orElse(0) + 1;
        List<int[]> found = new ArrayList<>();
        for (int r0 : starts(g.rows(), rows)) {
            for (int x0 : starts(width, 4)) {
                int[] w = new int[size];
                Arrays.fill(w, -1);
                int k = 0;
                for (int c = 0; c < n; c++) {
                    int row = g.row(c);
                    if (row >= r0 && row < r0 + rows && x[c] >= x0 && x[c] < x0 + 4) w[k++] = g.bit(c);
                }
                if (k > 0) found.add(w);
            }
        }
        count = found.size();
        cells = new int[count * size];
        for (int w = 0; w < count; w++) System.arraycopy(found.get(w), 0, cells, w * size, size);
        List<int[]> runs = new ArrayList<>(); // {bit, length, digit}
        runFrom = new int[count + 1];
        for (int w = 0; w < count; w++) {
            runFrom[w] = runs.size();
            int[] open = null;
            for (int k = 0; k < size; k++) {
                int b = cells[w * size + k];
                if (b < 0) {
                    open = null; // a missing cell's digit stays 0
                } else if (open != null && open[0] + open[1] == b && b % 64 != 0) {
                    open[1]++;
                } else {
                    open = new int[] {b, 1, k};
                    runs.add(open);
                }
            }
        }
        runFrom[count] = runs.size();
        int layoutBits = g.layoutBits();
        int[] inWindows = new int[layoutBits];
        for (int b : cells) if (b >= 0) inWindows[b]++;
        perBit = Arrays.stream(inWindows).max().orElse(0);
        bitEntries = new int[layoutBits * perBit];
        Arrays.fill(inWindows, 0);
        for (int w = 0; w < count; w++) {
            int pow = 1;
            for (int k = 0; k < size; k++, pow *= 3) {
                int b = cells[w * size + k];
                if (b >= 0) bitEntries[b * perBit + inWindows[b]++] = w << 16 | pow;
            }
        }
        runBit = new int[runs.size()];
        runMask = new int[runs.size()];
        runDigit = new int[runs.size()];
        for (int r = 0; r < runs.size(); r++) {
            runBit[r] = runs.get(r)[0];
            runMask[r] = (1 << runs.get(r)[1]) - 1;
            runDigit[r] = runs.get(r)[2];
        }
    }

    /**
     * Four rows (8 cells, 6,561 states) on the square boards, as Scan; three (6 cells, 729 states)
     * on the hexagon, whose 45 windows of 8 cells made 590,490 weights that the self-play two cores
     * can afford did not fill (README, "Train the evaluation").
     */
    private static int rowsFor(Geometry g) {
        return g.naming() == Geometry.Naming.HEXAGONAL ? 3 : 4;
    }

    /** 0, 2, 4, … while a window of {@code span} fits, and one flush with the end if the last misses it. */
    private static int[] starts(int length, int span) {
        List<Integer> s = new ArrayList<>();
        int i = 0;
        for (; i + span <= length; i += 2) s.add(i);
        if (s.isEmpty() || s.get(s.size() - 1) + span < length) s.add(Math.max(0, length - span));
        return s.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The horizontal coordinate of every cell (0 at the leftmost), from the neighbour relation. */
    private static int[] coordinates(Geometry g) {
        int n = g.cells();
        int[] x = new int[n];
        boolean[] seen = new boolean[n];
        int[] queue = new int[n];
        int head = 0, tail = 0;
        queue[tail++] = 0;
        seen[0] = true;
        int[] dx = new int[Geometry.DIRECTIONS];
        dx[Geometry.UP_LEFT] = -1;
        dx[Geometry.DOWN_LEFT] = -1;
        dx[Geometry.UP_RIGHT] = 1;
        dx[Geometry.DOWN_RIGHT] = 1;
        while (head < tail) {
            int c = queue[head++];
            for (int d = 0; d < Geometry.DIRECTIONS; d++) {
                int to = g.cell(g.next(d, g.bit(c)));
                if (to >= 0 && !seen[to]) {
                    seen[to] = true;
                    x[to] = x[c] + dx[d];
                    queue[tail++] = to;
                }
            }
        }
        int min = Arrays.stream(x).min().orElse(0);
        for (int c = 0; c < n; c++) x[c] -= min;
        return x;
    }

    public int count() { return count; }
    /** Cells of a window (missing ones included). */
    public int size() { return size; }
    /** States of one window, 3^{@link #size}. */
    public int states() { return states; }

    /** The layout bit of cell k of window w, or -1. */
    public int cell(int w, int k) { return cells[w * size + k]; }

    /** The state (0 … states - 1) of window w: its cells' digits, the first cell the lowest digit. */
    public int index(int w, long whiteMenLo, long whiteMenHi, long blackMenLo, long blackMenHi) {
        int white = 0, black = 0;
        for (int r = runFrom[w], end = runFrom[w + 1]; r < end; r++) {
            int b = runBit[r], mask = runMask[r], digit = runDigit[r];
            long wm = b < 64 ? whiteMenLo : whiteMenHi, bm = b < 64 ? blackMenLo : blackMenHi;
            white |= ((int) (wm >>> b) & mask) << digit; // a long shift uses b mod 64
            black |= ((int) (bm >>> b) & mask) << digit;
        }
        return BASE3[white] + 2 * BASE3[black];
    }

    /**
     * Adds {@code delta} (the new digit minus the old) times each of its windows' power of 3 to
     * the states of the windows layout bit b is in; states[at + w] is window w's.
     */
    void addDigit(int b, int delta, int[] states, int at) {
        for (int e = b * perBit, end = e + perBit; e < end; e++) {
            int entry = bitEntries[e];
            states[at + (entry >>> 16)] += delta * (entry & 0xffff);
        }
    }

    /** The state of window w in a position. */
    public int index(int w, Position p) {
        long kLo = p.kingsLo(), kHi = p.kingsHi();
        return index(w, p.whiteLo() & ~kLo, p.whiteHi() & ~kHi, p.blackLo() & ~kLo, p.blackHi() & ~kHi);
    }
}
