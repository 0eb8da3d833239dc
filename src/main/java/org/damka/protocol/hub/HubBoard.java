package org.damka.protocol.hub;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.damka.board.Fen;
import org.damka.board.FenException;
import org.damka.board.Position;
import org.damka.game.Game;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.damka.movegen.MoveNotation;
import org.damka.rules.Geometry;
import org.damka.rules.Rules;
import org.damka.rules.Variants;

/**
 * Positions, moves and variant names as the Hub protocol writes them, for every variant.
 *
 * <p>Squares are numbers 1..N in reading order: the playable cells from the top left as White
 * sees the board (Black's side on top), row by row. That is the usual 1..50 on 10x10 and 1..32 on
 * every 8x8 board (also russian and brazilian, whose own notation is algebraic: a1 = 29, h8 = 4),
 * and 1..80 on the hexagonal board (a1 = 1, a5 = 5, b1 = 6, ..., k5 = 80).
 *
 * <p>A position is the side to move ({@code W} or {@code B}) and one letter per square:
 * {@code w} white man, {@code b} black man, {@code W} white king, {@code B} black king, {@code e}
 * empty. A move is {@code from-to}, or for a capture {@code fromxto} followed by {@code x} and
 * each captured square in ascending order. Input accepts the captured squares in any order, the
 * short form {@code fromxto} when exactly one legal move has these ends, and a landing path.
 *
 * <p>This is the slow path (protocol and tools): it may allocate.
 */
public final class HubBoard {
    private final Rules rules;
    private final Geometry g;
    private final MoveNotation notation;

    public HubBoard(Rules rules) {
        this.rules = rules;
        this.g = rules.geometry();
        this.notation = new MoveNotation(rules);
    }

    public Rules rules() { return rules; }

    /** The Hub name of a variant: Scan's {@code normal} for international, else our own name. */
    public static String variantName(Rules rules) {
        return rules == Variants.INTERNATIONAL ? "normal" : rules.name();
    }

    /** The Hub variant names, in the order the handshake lists them. */
    public static List<String> variantNames() {
        List<String> out = new ArrayList<>();
        for (Rules r : Variants.all()) out.add(variantName(r));
        out.remove("normal");
        out.add(0, "normal");
        return out;
    }

    /** The variant for a Hub name ({@code normal}, also {@code international} and {@code standard}), or null. */
    public static Rules rulesFor(String hubName) {
        if (hubName == null) return null;
        String n = hubName.trim().toLowerCase(Locale.ROOT);
        if (n.equals("normal") || n.equals("standard")) return Variants.INTERNATIONAL;
        return Variants.byName(n);
    }

    /** Number of squares (N above). */
    public int squares() { return g.cells(); }

    /** The Hub number of a layout bit. */
    public int squareOf(int bit) { return g.cell(bit) + 1; }

    /** The layout bit of a Hub number, or -1 if there is no such square. */
    public int bitOf(int square) {
        return square >= 1 && square <= g.cells() ? g.bit(square - 1) : -1;
    }

    /** The Hub position string of a position. */
    public String positionString(Position p) {
        StringBuilder sb = new StringBuilder(g.cells() + 1);
        sb.append(p.sideToMove() == Position.WHITE ? 'W' : 'B');
        for (int cell = 0; cell < g.cells(); cell++) {
            int bit = g.bit(cell);
            if (p.isEmpty(bit)) sb.append('e');
            else if (p.sideAt(bit) == Position.WHITE) sb.append(p.isKing(bit) ? 'W' : 'w');
            else sb.append(p.isKing(bit) ? 'B' : 'b');
        }
        return sb.toString();
    }

    /** Reads a Hub position string; throws {@link FenException} saying what is wrong. */
    public Position parsePosition(String text) {
        String t = text == null ? "" : text.trim();
        if (t.length() != g.cells() + 1) {
            throw new FenException("position must be the side to move and " + g.cells() + " squares ("
                    + (g.cells() + 1) + " letters) for " + variantName(rules) + ", got " + t.length());
        }
        char side = t.charAt(0);
        if (side != 'W' && side != 'B') throw new FenException("position must start with W or B, got '" + side + "'");
        List<String> white = new ArrayList<>(), black = new ArrayList<>();
        for (int cell = 0; cell < g.cells(); cell++) {
            char c = t.charAt(cell + 1);
            String name = g.cellName(cell);
            switch (c) {
                case 'w' -> white.add(name);
                case 'W' -> white.add("K" + name);
                case 'b' -> black.add(name);
                case 'B' -> black.add("K" + name);
                case 'e' -> { }
                default -> throw new FenException("square " + (cell + 1) + " has '" + c + "' (expected w, b, W, B or e)");
            }
        }
        return Fen.parse(rules, side + ":W" + String.join(",", white) + ":B" + String.join(",", black));
    }

    /** The Hub text of move i of a list generated from position p. */
    public String formatMove(Position p, MoveList list, int i) {
        StringBuilder sb = new StringBuilder();
        sb.append(squareOf(list.from(i)));
        if (!list.isCapture(i)) return sb.append('-').append(squareOf(list.to(i))).toString();
        sb.append('x').append(squareOf(list.to(i)));
        for (int sq : capturedSquares(list, i)) sb.append('x').append(sq);
        return sb.toString();
    }

    /** The captured squares of move i, ascending. */
    public int[] capturedSquares(MoveList list, int i) {
        int[] out = new int[list.captureCount(i)];
        int n = 0;
        for (long m = list.capturedLo(i); m != 0; m &= m - 1) out[n++] = squareOf(Long.numberOfTrailingZeros(m));
        for (long m = list.capturedHi(i); m != 0; m &= m - 1) out[n++] = squareOf(64 + Long.numberOfTrailingZeros(m));
        Arrays.sort(out, 0, n);
        return n == out.length ? out : Arrays.copyOf(out, n);
    }

    /**
     * The index in {@code legal} (generated from p) of the move a Hub text names: from, to and the
     * captured set; throws {@link FenException} for a malformed, illegal or ambiguous text.
     */
    public int parseMove(Position p, MoveList legal, String text) {
        String t = text == null ? "" : text.trim();
        if (t.isEmpty()) throw new FenException("empty move");
        if (t.length() > 400) throw new FenException("move text too long");
        String[] parts = t.split("[-xX:]", -1);
        if (parts.length < 2) throw new FenException("move '" + t + "' needs at least from-to");
        int[] bits = new int[parts.length];
        for (int k = 0; k < parts.length; k++) {
            int sq;
            try {
                sq = Integer.parseInt(parts[k].trim());
            } catch (NumberFormatException e) {
                throw new FenException("'" + parts[k].trim() + "' in move '" + t + "' is not a square number");
            }
            bits[k] = bitOf(sq);
            if (bits[k] < 0) throw new FenException("no square " + sq + " on this board (1.." + g.cells() + ") in move '" + t + "'");
        }
        int from = bits[0], to = bits[1];
        long capLo = 0, capHi = 0;
        for (int k = 2; k < bits.length; k++) {
            if (bits[k] < 64) capLo |= 1L << bits[k]; else capHi |= 1L << (bits[k] - 64);
        }
        List<Integer> sameEnds = new ArrayList<>();
        for (int i = 0; i < legal.size(); i++) {
            if (legal.from(i) != from || legal.to(i) != to) continue;
            if (bits.length > 2 && legal.capturedLo(i) == capLo && legal.capturedHi(i) == capHi
                    && legal.captureCount(i) == bits.length - 2) {
                return i;
            }
            sameEnds.add(i);
        }
        if (bits.length == 2 && sameEnds.size() == 1) return sameEnds.get(0);
        if (bits.length > 2) {
            // Not a captured set: perhaps a landing path (from x via x ... x to).
            StringBuilder path = new StringBuilder();
            for (int k = 0; k < bits.length; k++) {
                if (k > 0) path.append('x');
                path.append(g.cellName(g.cell(bits[k])));
            }
            try {
                return notation.parse(p, legal, path.toString());
            } catch (FenException ignored) {
                // neither form names a legal move: the error below lists them
            }
        }
        List<String> all = new ArrayList<>();
        for (int i = 0; i < legal.size(); i++) all.add(formatMove(p, legal, i));
        if (sameEnds.size() > 1) {
            List<String> c = new ArrayList<>();
            for (int i : sameEnds) c.add(formatMove(p, legal, i));
            throw new FenException("ambiguous move '" + t + "'; give the captured squares of one of: " + String.join(" ", c));
        }
        throw new FenException("illegal move '" + t + "'; legal moves: " + String.join(" ", all));
    }

    /** The moves of a game as Hub texts, from its start position. */
    public List<String> gameMoves(Game game) {
        Game replay = new Game(rules, game.startPosition());
        MoveList legal = new MoveList();
        List<String> out = new ArrayList<>();
        for (String m : game.moves()) {
            replay.legalMoves(legal);
            int i = notation.parse(replay.position(), legal, m);
            out.add(formatMove(replay.position(), legal, i));
            replay.play(legal, i);
        }
        return out;
    }

    /** A Hub move text in our own notation (as {@link Game#play(String)} accepts it), for position p. */
    public String toNotation(Position p, String hubMove) {
        MoveList legal = new MoveList();
        MoveGenerator.create(rules).generate(p, legal);
        return notation.format(p, legal, parseMove(p, legal, hubMove));
    }
}
