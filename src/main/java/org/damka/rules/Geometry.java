package org.damka.rules;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The shape of a board: its cells, their names, and a bit layout in which each of the four
 * slanted directions is a single shift. Cells are numbered 0..cells-1 in reading order (top row
 * first, as White sees the board); bit positions are layout indices in one or two {@code long}s.
 *
 * <p>Square boards use ghost squares: bit = s + s / N for the 0-based square number s, so that
 * one bit is left out after every two rows and the four diagonals are the shifts
 * -(N/2+1), -N/2, +N/2, +(N/2+1). The hexagonal board uses axial coordinates (q, r) laid out as
 * bit = (q + 5) * 12 + r: each column of 11 cells is followed by a ghost, and its four lines are
 * the shifts -1, +11, -11, +1 over 120 bits (two longs).
 *
 * <p>Directions are numbered 0 up-left, 1 up-right, 2 down-left, 3 down-right ("up" is toward
 * Black's side, row 1 of the numbering). White moves up. The capture walker reads the set of
 * directions from here ({@link #directions}, {@link #opposite}), so a board with more lines
 * (frisian's orthogonal captures) is a larger neighbour table, not a new walker.
 */
public final class Geometry {
    public static final int UP_LEFT = 0, UP_RIGHT = 1, DOWN_LEFT = 2, DOWN_RIGHT = 3;
    /** The four slanted lines every board has (the bitboard move code is written for them). */
    public static final int DIRECTIONS = 4;

    /** How cells are written in notation. */
    public enum Naming { NUMERIC, ALGEBRAIC, HEXAGONAL }

    private final String name;
    private final Naming naming;
    private final int cells;
    private final int layoutBits;
    private final int[] cellToBit;
    private final int[] bitToCell;
    private final int[] next;        // next[d * layoutBits + bit] = neighbour bit or -1
    private final int[] shift;       // signed layout shift per direction
    private final String[] cellNames;
    private final Map<String, Integer> cellByName = new HashMap<>();
    private final long[] promotionLo = new long[2], promotionHi = new long[2];
    private final int[] rowOfCell;
    private final int rows;
    // Set once by the factory methods; a Geometry never changes after it is returned.
    private long boardLo, boardHi;
    private long longDiagonalLo; // a1 to the opposite corner on square boards, else 0
    private final int[] opposite = {DOWN_RIGHT, DOWN_LEFT, UP_RIGHT, UP_LEFT};

    private Geometry(String name, Naming naming, int cells, int layoutBits, int rows) {
        this.name = name;
        this.naming = naming;
        this.cells = cells;
        this.layoutBits = layoutBits;
        this.rows = rows;
        this.cellToBit = new int[cells];
        this.bitToCell = new int[layoutBits];
        Arrays.fill(bitToCell, -1);
        this.next = new int[DIRECTIONS * layoutBits];
        Arrays.fill(next, -1);
        this.shift = new int[DIRECTIONS];
        this.cellNames = new String[cells];
        this.rowOfCell = new int[cells];
    }

    /** An N x N board (N even, N*(N+1)/2 <= 64) playing on the dark squares. */
    public static Geometry square(int n, Naming naming) {
        int half = n / 2;
        int cells = n * half;
        int layout = bitOfSquare(cells - 1, n) + 1;
        if (n % 2 != 0 || layout > 64) throw new IllegalArgumentException("unsupported square board " + n);
        Geometry g = new Geometry(n + "x" + n, naming, cells, 64, n);
        g.shift[UP_LEFT] = -(half + 1);
        g.shift[UP_RIGHT] = -half;
        g.shift[DOWN_LEFT] = half;
        g.shift[DOWN_RIGHT] = half + 1;
        int[] rowOf = new int[cells], colOf = new int[cells];
        int[][] squareAt = new int[n][n];
        for (int[] r : squareAt) Arrays.fill(r, -1);
        for (int s = 0; s < cells; s++) {
            int row = s / half;                       // 0 = top row (Black's side)
            int col = 2 * (s % half) + (row % 2 == 0 ? 1 : 0);
            rowOf[s] = row;
            colOf[s] = col;
            squareAt[row][col] = s;
            int bit = bitOfSquare(s, n);
            g.cellToBit[s] = bit;
            g.bitToCell[bit] = s;
            g.rowOfCell[s] = row;
            String label = naming == Naming.NUMERIC
                    ? Integer.toString(s + 1)
                    : "" + (char) ('a' + col) + (n - row);
            g.cellNames[s] = label;
            g.cellByName.put(label, s);
        }
        long board = 0, diag = 0;
        int[] dRow = {-1, -1, 1, 1}, dCol = {-1, 1, -1, 1};
        for (int s = 0; s < cells; s++) {
            board |= 1L << g.cellToBit[s];
            if (colOf[s] == n - 1 - rowOf[s]) diag |= 1L << g.cellToBit[s]; // a1 to the far corner
            for (int d = 0; d < DIRECTIONS; d++) {
                int r = rowOf[s] + dRow[d], c = colOf[s] + dCol[d];
                if (r >= 0 && r < n && c >= 0 && c < n && squareAt[r][c] >= 0) {
                    g.next[d * g.layoutBits + g.cellToBit[s]] = g.cellToBit[squareAt[r][c]];
                }
            }
            if (rowOf[s] == 0) g.promotionLo[0] |= 1L << g.cellToBit[s];
            if (rowOf[s] == n - 1) g.promotionLo[1] |= 1L << g.cellToBit[s];
        }
        g.boardLo = board;
        g.longDiagonalLo = diag;
        return g;
    }

    private static int bitOfSquare(int s, int n) {
        return s + s / n;
    }

    /** The 80-cell hexagonal board of docs/rules.md: rows a..k of 5..10..5 cells. */
    public static Geometry hexagon80() {
        Geometry g = new Geometry("hex80", Naming.HEXAGONAL, 80, 128, 11);
        g.shift[UP_LEFT] = -1;     // (0, -1)
        g.shift[UP_RIGHT] = 11;    // (+1, -1)
        g.shift[DOWN_LEFT] = -11;  // (-1, +1)
        g.shift[DOWN_RIGHT] = 1;   // (0, +1)
        int[] dq = {0, 1, -1, 0}, dr = {-1, -1, 1, 1};
        Map<Long, Integer> cellAt = new HashMap<>();
        int[] qOf = new int[80], rOf = new int[80];
        int cell = 0;
        for (int r = 0; r <= 10; r++) {
            int length = r <= 5 ? 5 + r : 15 - r;
            for (int j = 1; j <= length; j++) {
                int q = j - 1 - (r <= 5 ? r : 5);
                qOf[cell] = q;
                rOf[cell] = r;
                cellAt.put(key(q, r), cell);
                int bit = (q + 5) * 12 + r;
                g.cellToBit[cell] = bit;
                g.bitToCell[bit] = cell;
                g.rowOfCell[cell] = r;
                String label = "" + (char) ('a' + r) + j;
                g.cellNames[cell] = label;
                g.cellByName.put(label, cell);
                cell++;
            }
        }
        long lo = 0, hi = 0;
        for (int c = 0; c < 80; c++) {
            int bit = g.cellToBit[c];
            if (bit < 64) lo |= 1L << bit; else hi |= 1L << bit;
            for (int d = 0; d < DIRECTIONS; d++) {
                Integer to = cellAt.get(key(qOf[c] + dq[d], rOf[c] + dr[d]));
                if (to != null) g.next[d * g.layoutBits + bit] = g.cellToBit[to];
            }
            int side = rOf[c] == 0 ? 0 : rOf[c] == 10 ? 1 : -1;
            if (side >= 0) {
                if (bit < 64) g.promotionLo[side] |= 1L << bit; else g.promotionHi[side] |= 1L << bit;
            }
        }
        g.boardLo = lo;
        g.boardHi = hi;
        return g;
    }

    private static long key(int q, int r) {
        return ((long) q << 32) ^ (r & 0xffffffffL);
    }

    public String name() { return name; }
    public Naming naming() { return naming; }
    /** Number of playable cells. */
    public int cells() { return cells; }
    /** Number of layout bit positions (64 for one word, 128 for two). */
    public int layoutBits() { return layoutBits; }
    /** True if the layout needs a second word. */
    public boolean twoWords() { return layoutBits > 64; }
    public int rows() { return rows; }
    public int bit(int cell) { return cellToBit[cell]; }
    /** The cell at a layout bit, or -1 for a ghost or off-board bit. */
    public int cell(int bit) { return bit >= 0 && bit < layoutBits ? bitToCell[bit] : -1; }
    /** Row of a cell, 0 = top (Black's side). */
    public int row(int cell) { return rowOfCell[cell]; }
    /** The neighbour of a layout bit in a direction, or -1. */
    public int next(int direction, int bit) { return next[direction * layoutBits + bit]; }
    /** The whole neighbour table, indexed direction * layoutBits + bit (for the generators). */
    public int[] nextTable() { return next; }
    public int shift(int direction) { return shift[direction]; }
    /** The number of directions of the neighbour table. */
    public int directions() { return opposite.length; }
    /** The direction that goes back along the same line. */
    public int opposite(int direction) { return opposite[direction]; }
    public long boardLo() { return boardLo; }
    public long boardHi() { return boardHi; }
    /** Cells on which a man of the side (0 White, 1 Black) promotes. */
    public long promotionLo(int side) { return promotionLo[side]; }
    public long promotionHi(int side) { return promotionHi[side]; }
    /** The long diagonal of a square board, a1 to the opposite corner (a1-h8 on 8x8); 0 on the hexagon. */
    public long longDiagonalLo() { return longDiagonalLo; }
    public String cellName(int cell) { return cellNames[cell]; }

    /** Separator between the squares of a capture in notation. */
    public char captureSeparator() { return naming == Naming.NUMERIC ? 'x' : ':'; }

    /**
     * Parses a cell name ("32", "c3", "f8", "F8", "f.8", "F 8"), or returns -1. On algebraic
     * boards a square may also be given by its number as on numeric boards, 1 at the top left of
     * White's view, row by row (b8 = 1, a1 = 29 on 8x8), as russian PDN files from numeric
     * programs write their positions and moves.
     */
    public int parseCell(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (naming == Naming.HEXAGONAL) t = t.replace(".", "").replace(" ", "");
        Integer c = cellByName.get(t);
        if (c == null && naming != Naming.HEXAGONAL && t.matches("0*[1-9][0-9]{0,2}")) {
            int n = Integer.parseInt(t);
            c = n <= cells ? n - 1 : null; // numeric boards' names are these numbers too
        }
        return c == null ? -1 : c;
    }
}
