package org.damka.reference;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Deliberately simple, slow reference move generator for the damka variants, written directly
 * from docs/rules.md. It shares nothing with the engine: a board is an array of cells,
 * neighbours are computed from coordinates, and captures are enumerated by plain depth-first
 * recursion over every landing choice, collecting (from, to, captured set) in a map so that
 * duplicate paths are merged.
 *
 * <p>Canonical move string: {@code <from>><to>[<captured, sorted with String.compareTo>]} followed
 * by {@code K} when the moving piece was a man and ends the move as a king.
 */
public final class ReferenceGenerator {

    private ReferenceGenerator() {
    }

    // ------------------------------------------------------------------------------------------
    // Public API
    // ------------------------------------------------------------------------------------------

    /** All distinct legal moves of the side to move, canonical strings, sorted. */
    public static List<String> legalMoves(String variant, String fen) {
        Rules rules = rulesFor(variant);
        Position pos = parseFen(rules.geo, fen);
        List<String> out = new ArrayList<>();
        for (Move m : generate(rules, pos)) {
            out.add(m.text(rules.geo));
        }
        Collections.sort(out);
        return out;
    }

    /** Number of leaf positions exactly {@code depth} plies below the position (duplicates merged). */
    public static long perft(String variant, String fen, int depth) {
        Rules rules = rulesFor(variant);
        return perft(rules, parseFen(rules.geo, fen), depth);
    }

    // ------------------------------------------------------------------------------------------
    // Board geometry
    // ------------------------------------------------------------------------------------------

    static final int WHITE = 0;
    static final int BLACK = 1;

    /**
     * Cells with names and neighbours. Directions 0..3 are: 0 up-left, 1 up-right, 2 down-left,
     * 3 down-right ("up" = toward Black's side). White men go forward along 0 and 1, Black men
     * along 2 and 3.
     */
    static final class Geometry {
        final List<String> names = new ArrayList<>();
        final Map<String, Integer> byName = new HashMap<>();
        int[][] neighbour;          // neighbour[cell][dir], -1 when off the board
        boolean[][] crown;          // crown[colour][cell]: the promotion row of that colour
        boolean numeric;            // numbered squares (ranges allowed in FEN)

        int size() {
            return names.size();
        }

        String name(int cell) {
            return names.get(cell);
        }

        /** Cell index of a square name, or -1. Case-insensitive; dots and blanks ignored. */
        int find(String raw) {
            String s = raw.toLowerCase(Locale.ROOT).replace(".", "").replace(" ", "");
            if (numeric) {
                if (!s.matches("[0-9]+")) {
                    return -1;
                }
                s = Integer.toString(Integer.parseInt(s));
            }
            Integer i = byName.get(s);
            return i == null ? -1 : i;
        }
    }

    private static String key(int x, int y) {
        return x + "," + y;
    }

    /**
     * N x N board, dark squares only; x = file 0..N-1 (a..), y = rank 0..N-1 (1..); a1 = (0,0) is
     * dark, so the dark squares are those with x + y even. Cells are created in the numbering
     * order: from the top row (y = N-1) down, left to right.
     */
    static Geometry squareBoard(int n, boolean numeric) {
        Geometry g = new Geometry();
        g.numeric = numeric;
        Map<String, Integer> at = new HashMap<>();
        List<int[]> coords = new ArrayList<>();
        for (int y = n - 1; y >= 0; y--) {
            for (int x = 0; x < n; x++) {
                if ((x + y) % 2 != 0) {
                    continue;
                }
                int idx = coords.size();
                coords.add(new int[] {x, y});
                at.put(key(x, y), idx);
                String name = numeric ? Integer.toString(idx + 1) : "" + (char) ('a' + x) + (y + 1);
                g.names.add(name);
                g.byName.put(name, idx);
            }
        }
        int[][] dirs = {{-1, +1}, {+1, +1}, {-1, -1}, {+1, -1}}; // up-left, up-right, down-left, down-right
        g.neighbour = new int[coords.size()][4];
        g.crown = new boolean[2][coords.size()];
        for (int i = 0; i < coords.size(); i++) {
            int x = coords.get(i)[0];
            int y = coords.get(i)[1];
            for (int d = 0; d < 4; d++) {
                Integer j = at.get(key(x + dirs[d][0], y + dirs[d][1]));
                g.neighbour[i][d] = j == null ? -1 : j;
            }
            g.crown[WHITE][i] = y == n - 1;
            g.crown[BLACK][i] = y == 0;
        }
        return g;
    }

    /**
     * Hexagonal board of docs/rules.md: rows a..k (r = 0..10) of 5,6,7,8,9,10,9,8,7,6,5 cells, named
     * row letter + index j from 1. Axial coordinates q = j - 1 - min(r, 5), r. Directions
     * (0,-1) up-left, (+1,-1) up-right, (-1,+1) down-left, (0,+1) down-right.
     */
    static Geometry hexBoard() {
        int[] lengths = {5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5};
        Geometry g = new Geometry();
        g.numeric = false;
        Map<String, Integer> at = new HashMap<>();
        List<int[]> coords = new ArrayList<>();
        for (int r = 0; r < lengths.length; r++) {
            for (int j = 1; j <= lengths[r]; j++) {
                int q = j - 1 - Math.min(r, 5);
                int idx = coords.size();
                coords.add(new int[] {q, r});
                at.put(key(q, r), idx);
                String name = "" + (char) ('a' + r) + j;
                g.names.add(name);
                g.byName.put(name, idx);
            }
        }
        int[][] dirs = {{0, -1}, {+1, -1}, {-1, +1}, {0, +1}}; // up-left, up-right, down-left, down-right
        g.neighbour = new int[coords.size()][4];
        g.crown = new boolean[2][coords.size()];
        for (int i = 0; i < coords.size(); i++) {
            int q = coords.get(i)[0];
            int r = coords.get(i)[1];
            for (int d = 0; d < 4; d++) {
                Integer j = at.get(key(q + dirs[d][0], r + dirs[d][1]));
                g.neighbour[i][d] = j == null ? -1 : j;
            }
            g.crown[WHITE][i] = r == 0;
            g.crown[BLACK][i] = r == lengths.length - 1;
        }
        return g;
    }

    // ------------------------------------------------------------------------------------------
    // Rules per variant
    // ------------------------------------------------------------------------------------------

    /** What happens when a man reaches the far row during a capture. */
    enum CrownInCapture {
        /** becomes a king at once and continues capturing as a king (russian, hexagonal) */
        CONTINUE_AS_KING,
        /** stays a man while it continues; promotes only if the move ends there (brazilian, international) */
        STAY_MAN,
        /** becomes a king and the move ends (english) */
        END_MOVE
    }

    static final class Rules {
        final Geometry geo;
        final boolean menCaptureBackward;
        final boolean flyingKings;
        final boolean majority;
        final CrownInCapture crownInCapture;

        Rules(Geometry geo, boolean menCaptureBackward, boolean flyingKings, boolean majority,
              CrownInCapture crownInCapture) {
            this.geo = geo;
            this.menCaptureBackward = menCaptureBackward;
            this.flyingKings = flyingKings;
            this.majority = majority;
            this.crownInCapture = crownInCapture;
        }
    }

    private static final Map<String, Rules> RULES = new HashMap<>();

    static synchronized Rules rulesFor(String variant) {
        String v = variant.toLowerCase(Locale.ROOT).trim();
        Rules r = RULES.get(v);
        if (r == null) {
            switch (v) {
                case "russian":
                    r = new Rules(squareBoard(8, false), true, true, false, CrownInCapture.CONTINUE_AS_KING);
                    break;
                case "brazilian":
                    r = new Rules(squareBoard(8, false), true, true, true, CrownInCapture.STAY_MAN);
                    break;
                case "international":
                    r = new Rules(squareBoard(10, true), true, true, true, CrownInCapture.STAY_MAN);
                    break;
                case "english":
                    r = new Rules(squareBoard(8, true), false, false, false, CrownInCapture.END_MOVE);
                    break;
                case "hexagonal":
                    r = new Rules(hexBoard(), true, true, false, CrownInCapture.CONTINUE_AS_KING);
                    break;
                default:
                    throw new IllegalArgumentException("unknown variant: " + variant);
            }
            RULES.put(v, r);
        }
        return r;
    }

    // ------------------------------------------------------------------------------------------
    // Position and FEN
    // ------------------------------------------------------------------------------------------

    /** board[cell]: 0 empty, +1 white man, +2 white king, -1 black man, -2 black king. */
    static final class Position {
        final int[] board;
        final int side;

        Position(int[] board, int side) {
            this.board = board;
            this.side = side;
        }
    }

    static boolean isOwn(int piece, int side) {
        return side == WHITE ? piece > 0 : piece < 0;
    }

    static boolean isEnemy(int piece, int side) {
        return side == WHITE ? piece < 0 : piece > 0;
    }

    static boolean isKing(int piece) {
        return Math.abs(piece) == 2;
    }

    static Position parseFen(Geometry g, String fen) {
        String s = fen.trim();
        if (s.endsWith(".")) {
            s = s.substring(0, s.length() - 1);
        }
        String[] parts = s.split(":", -1);
        if (parts.length < 1 || parts[0].trim().isEmpty()) {
            throw new IllegalArgumentException("bad FEN: " + fen);
        }
        int side = colourOf(parts[0].trim(), fen);
        int[] board = new int[g.size()];
        for (int p = 1; p < parts.length; p++) {
            String block = parts[p].trim();
            if (block.isEmpty()) {
                continue;
            }
            int colour = colourOf(block.substring(0, 1), fen);
            String body = block.substring(1);
            for (String rawItem : body.split(",")) {
                String item = rawItem.trim();
                if (item.isEmpty()) {
                    continue;
                }
                boolean king = false;
                String sq = item;
                if (item.length() > 1 && item.charAt(0) == 'K') {
                    String rest = item.substring(1).trim();
                    if (g.find(rest) >= 0 || (g.numeric && rest.contains("-"))) {
                        king = true;
                        sq = rest;
                    }
                }
                List<Integer> cells = new ArrayList<>();
                if (g.numeric && sq.contains("-")) {
                    String[] ab = sq.split("-");
                    int a = ab.length == 2 ? g.find(ab[0].trim()) : -1;
                    int b = ab.length == 2 ? g.find(ab[1].trim()) : -1;
                    if (a < 0 || b < 0 || a > b) {
                        throw new IllegalArgumentException("bad range '" + item + "' in FEN: " + fen);
                    }
                    for (int c = a; c <= b; c++) {
                        cells.add(c);
                    }
                } else {
                    int c = g.find(sq);
                    if (c < 0) {
                        throw new IllegalArgumentException("bad square '" + item + "' in FEN: " + fen);
                    }
                    cells.add(c);
                }
                for (int c : cells) {
                    if (board[c] != 0) {
                        throw new IllegalArgumentException("square given twice in FEN: " + g.name(c));
                    }
                    int piece = king ? 2 : 1;
                    board[c] = colour == WHITE ? piece : -piece;
                }
            }
        }
        return new Position(board, side);
    }

    private static int colourOf(String c, String fen) {
        switch (c) {
            case "W":
            case "w":
                return WHITE;
            case "B":
            case "b":
                return BLACK;
            default:
                throw new IllegalArgumentException("bad colour '" + c + "' in FEN: " + fen);
        }
    }

    // ------------------------------------------------------------------------------------------
    // Moves
    // ------------------------------------------------------------------------------------------

    static final class Move {
        final int from;
        final int to;
        final int[] captured;   // cell indices, ascending (order of indices, not of names)
        final boolean promotes; // a man that ends the move as a king

        Move(int from, int to, int[] captured, boolean promotes) {
            this.from = from;
            this.to = to;
            this.captured = captured;
            this.promotes = promotes;
        }

        String text(Geometry g) {
            List<String> names = new ArrayList<>();
            for (int c : captured) {
                names.add(g.name(c));
            }
            Collections.sort(names);
            return g.name(from) + ">" + g.name(to) + "[" + String.join(",", names) + "]" + (promotes ? "K" : "");
        }
    }

    /** All distinct legal moves: captures if any (filtered by the majority rule), else quiet moves. */
    static List<Move> generate(Rules rules, Position pos) {
        // Keyed by the canonical text, which is exactly (from, to, captured set, promotion).
        Map<String, Move> captures = new TreeMap<>();
        int[] board = pos.board.clone();
        for (int c = 0; c < board.length; c++) {
            if (isOwn(board[c], pos.side)) {
                collectCaptures(rules, board, pos.side, c, captures);
            }
        }
        if (!captures.isEmpty()) {
            List<Move> list = new ArrayList<>(captures.values());
            if (rules.majority) {
                int max = 0;
                for (Move m : list) {
                    max = Math.max(max, m.captured.length);
                }
                List<Move> best = new ArrayList<>();
                for (Move m : list) {
                    if (m.captured.length == max) {
                        best.add(m);
                    }
                }
                list = best;
            }
            return list;
        }
        Map<String, Move> quiet = new TreeMap<>();
        Geometry g = rules.geo;
        for (int c = 0; c < board.length; c++) {
            int piece = board[c];
            if (!isOwn(piece, pos.side)) {
                continue;
            }
            for (int d = 0; d < 4; d++) {
                if (!isKing(piece) && !isForward(pos.side, d)) {
                    continue;
                }
                int t = g.neighbour[c][d];
                while (t >= 0 && board[t] == 0) {
                    boolean promotes = !isKing(piece) && g.crown[pos.side][t];
                    Move m = new Move(c, t, new int[0], promotes);
                    quiet.put(m.text(g), m);
                    if (!isKing(piece) || !rules.flyingKings) {
                        break; // men and short kings: one step only
                    }
                    t = g.neighbour[t][d];
                }
            }
        }
        return new ArrayList<>(quiet.values());
    }

    static boolean isForward(int side, int dir) {
        return side == WHITE ? (dir == 0 || dir == 1) : (dir == 2 || dir == 3);
    }

    /** Enumerates every capture path of the piece on {@code from}, adding each complete one to {@code out}. */
    private static void collectCaptures(Rules rules, int[] board, int side, int from, Map<String, Move> out) {
        int piece = board[from];
        board[from] = 0; // the capturing piece's own start square counts as empty
        try {
            boolean[] taken = new boolean[board.length];
            List<Integer> path = new ArrayList<>();
            search(rules, board, side, from, from, isKing(piece), !isKing(piece), taken, path, out);
        } finally {
            board[from] = piece;
        }
    }

    /** One possible jump: the enemy piece jumped and the cell landed on. */
    private static final class Jump {
        final int victim;
        final int landing;

        Jump(int victim, int landing) {
            this.victim = victim;
            this.landing = landing;
        }
    }

    /**
     * Depth-first search over capture paths. Captured pieces stay on {@code board} (they block
     * and cannot be jumped twice: {@code taken} marks them); only the moving piece has been lifted.
     */
    private static void search(Rules rules, int[] board, int side, int from, int cur, boolean king,
                               boolean startedAsMan, boolean[] taken, List<Integer> captured,
                               Map<String, Move> out) {
        List<Jump> jumps = jumps(rules, board, side, cur, king, taken);
        if (jumps.isEmpty()) {
            if (!captured.isEmpty()) {
                boolean promotes = startedAsMan && (king || rules.geo.crown[side][cur]);
                record(rules, from, cur, captured, promotes, out);
            }
            return;
        }
        for (Jump j : jumps) {
            taken[j.victim] = true;
            captured.add(j.victim);
            boolean nowKing = king;
            boolean stop = false;
            if (!king && rules.geo.crown[side][j.landing]) {
                switch (rules.crownInCapture) {
                    case CONTINUE_AS_KING:
                        nowKing = true;
                        break;
                    case END_MOVE:
                        stop = true;
                        break;
                    case STAY_MAN:
                    default:
                        break;
                }
            }
            if (stop) {
                record(rules, from, j.landing, captured, true, out);
            } else {
                search(rules, board, side, from, j.landing, nowKing, startedAsMan, taken, captured, out);
            }
            captured.remove(captured.size() - 1);
            taken[j.victim] = false;
        }
    }

    private static void record(Rules rules, int from, int to, List<Integer> captured, boolean promotes,
                               Map<String, Move> out) {
        int[] caps = new int[captured.size()];
        for (int i = 0; i < caps.length; i++) {
            caps[i] = captured.get(i);
        }
        java.util.Arrays.sort(caps);
        Move m = new Move(from, to, caps, promotes);
        out.put(m.text(rules.geo), m);
    }

    /**
     * The jumps available from {@code cur}. Men and short kings jump an adjacent enemy piece to the
     * empty cell right behind it. Flying kings fly over empty cells, jump one enemy piece and may
     * land on any empty cell behind it; but if from some of those landing cells the capture can
     * continue, only those landing cells are offered.
     */
    private static List<Jump> jumps(Rules rules, int[] board, int side, int cur, boolean king, boolean[] taken) {
        Geometry g = rules.geo;
        List<Jump> result = new ArrayList<>();
        for (int d = 0; d < 4; d++) {
            if (!king && !rules.menCaptureBackward && !isForward(side, d)) {
                continue;
            }
            if (!king || !rules.flyingKings) {
                int v = g.neighbour[cur][d];
                if (v < 0 || !isEnemy(board[v], side) || taken[v]) {
                    continue;
                }
                int l = g.neighbour[v][d];
                if (l >= 0 && board[l] == 0) {
                    result.add(new Jump(v, l));
                }
                continue;
            }
            // flying king
            int v = g.neighbour[cur][d];
            while (v >= 0 && board[v] == 0) {
                v = g.neighbour[v][d];
            }
            if (v < 0 || !isEnemy(board[v], side) || taken[v]) {
                continue; // edge, own piece, or an already captured piece blocks this line
            }
            List<Integer> landings = new ArrayList<>();
            int l = g.neighbour[v][d];
            while (l >= 0 && board[l] == 0) {
                landings.add(l);
                l = g.neighbour[l][d];
            }
            if (landings.isEmpty()) {
                continue;
            }
            taken[v] = true;
            List<Integer> continuing = new ArrayList<>();
            for (int land : landings) {
                if (flyingKingCanJump(g, board, side, land, taken)) {
                    continuing.add(land);
                }
            }
            taken[v] = false;
            for (int land : continuing.isEmpty() ? landings : continuing) {
                result.add(new Jump(v, land));
            }
        }
        return result;
    }

    /** True if a flying king on {@code cur} has at least one jump (victim not yet taken, empty cell behind). */
    private static boolean flyingKingCanJump(Geometry g, int[] board, int side, int cur, boolean[] taken) {
        for (int d = 0; d < 4; d++) {
            int v = g.neighbour[cur][d];
            while (v >= 0 && board[v] == 0) {
                v = g.neighbour[v][d];
            }
            if (v < 0 || !isEnemy(board[v], side) || taken[v]) {
                continue;
            }
            int l = g.neighbour[v][d];
            if (l >= 0 && board[l] == 0) {
                return true;
            }
        }
        return false;
    }

    // ------------------------------------------------------------------------------------------
    // Perft
    // ------------------------------------------------------------------------------------------

    static Position apply(Position pos, Move m) {
        int[] b = pos.board.clone();
        int piece = b[m.from];
        b[m.from] = 0;
        for (int c : m.captured) {
            b[c] = 0;
        }
        if (m.promotes) {
            piece = piece > 0 ? 2 : -2;
        }
        b[m.to] = piece;
        return new Position(b, 1 - pos.side);
    }

    static long perft(Rules rules, Position pos, int depth) {
        if (depth == 0) {
            return 1;
        }
        List<Move> moves = generate(rules, pos);
        if (depth == 1) {
            return moves.size();
        }
        long n = 0;
        for (Move m : moves) {
            n += perft(rules, apply(pos, m), depth - 1);
        }
        return n;
    }
}
