package org.damka.notation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.damka.board.Fen;
import org.damka.board.FenException;
import org.damka.board.Position;
import org.damka.game.Game;
import org.damka.movegen.Move;
import org.damka.movegen.MoveCodec;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.damka.movegen.MoveNotation;
import org.damka.rules.Geometry;
import org.damka.rules.Rules;
import org.damka.rules.Variants;

/**
 * Positions, moves and variant names as the Hub protocol writes them, for every variant.
 *
 * <p>The Hub protocol itself (Scan's) knows only 10x10 boards; on 8x8 boards damka follows
 * pydraughts, the only Hub client that plays them (draughts/core/game.py and convert.py of
 * AttackingOrDefending/pydraughts). A <b>position string</b> is the side to move and one letter
 * per square in pydraughts' board order: reading order from the top, with the side that moves
 * first at the bottom called White ({@code W}/{@code w}). That is White's view of the usual
 * numbering on 10x10, russian and brazilian (a1 = 29, h8 = 4); in english, where Black moves
 * first, the board is seen from Black's side with the colour letters exchanged (board square i is
 * english square 33 - i, and {@code W}/{@code w} are Black's). The hexagonal board (not a
 * pydraughts variant) is read from White's side: a1 = 1, a5 = 5, b1 = 6, ..., k5 = 80.
 *
 * <p>The squares of a <b>move</b> are numbered as {@link MoveSquares} says: by default the
 * variant's own numbers, as pydraughts 0.6 and later sends and expects (russian and brazilian:
 * a1 = 1, c1 = 2, ..., h8 = 32, pydraughts' numeric form of algebraic squares; english and
 * 10x10: the usual numbers), or the numbers of the position string, as pydraughts 0.5 (the
 * version lidraughts-bot uses) does. Both agree on 10x10 and hexagonal boards.
 *
 * <p>Position letters: {@code w} man, {@code W} king of the side that moves first (White except
 * in english), {@code b}/{@code B} of the other, {@code e} empty. A move is {@code from-to}, or for
 * a capture {@code fromxto} followed by {@code x} and each captured square in ascending order.
 * Input accepts the captured squares in any order, the short form {@code fromxto} when exactly one
 * legal move has these ends, and a landing path.
 *
 * <p>This is the slow path (protocol and tools): it may allocate.
 */
public final class HubBoard implements MoveCodec {
    /** How the squares of a move are numbered. */
    public enum MoveSquares {
        /** The variant's own square numbers (pydraughts 0.6 and later). The default. */
        VARIANT,
        /** The numbers of the position string (pydraughts 0.5, as lidraughts-bot uses it). */
        POSITION;

        /** The Hub parameter value: {@code variant} or {@code position}. */
        public String hubName() { return name().toLowerCase(Locale.ROOT); }

        /** The setting for a Hub parameter value, or null. */
        public static MoveSquares forHubName(String value) {
            for (MoveSquares m : values()) if (m.hubName().equalsIgnoreCase(value == null ? "" : value.trim())) return m;
            return null;
        }
    }

    private final Rules rules;
    private final Geometry g;
    private final MoveNotation notation;
    private final MoveGenerator generator;
    private final MoveList legal = new MoveList();
    private final MoveSquares moveSquares;
    /** True when the side that moves first is Black: position strings exchange the colour letters. */
    private final boolean blackFirst;
    // Square number (1-based) of each cell, in position strings and in moves, and the inverses.
    private final int[] positionSquareOfCell, cellOfPositionSquare;
    private final int[] moveSquareOfCell, cellOfMoveSquare;

    /** The board with the default move numbering ({@link MoveSquares#VARIANT}). */
    public HubBoard(Rules rules) {
        this(rules, MoveSquares.VARIANT);
    }

    public HubBoard(Rules rules, MoveSquares moveSquares) {
        this.rules = rules;
        this.g = rules.geometry();
        this.notation = new MoveNotation(rules);
        this.generator = MoveGenerator.create(rules);
        this.moveSquares = moveSquares;
        this.blackFirst = rules.firstSide() == Position.BLACK;
        int n = g.cells();
        positionSquareOfCell = new int[n];
        moveSquareOfCell = new int[n];
        for (int cell = 0; cell < n; cell++) {
            // Cells are in reading order from White's side; pydraughts puts the first mover at the bottom.
            positionSquareOfCell[cell] = blackFirst ? n - cell : cell + 1;
            moveSquareOfCell[cell] = moveSquares == MoveSquares.POSITION ? positionSquareOfCell[cell] : variantSquare(cell);
        }
        cellOfPositionSquare = inverse(positionSquareOfCell);
        cellOfMoveSquare = inverse(moveSquareOfCell);
    }

    /**
     * The variant's own number of a cell: on algebraic boards pydraughts' numeric form
     * (convert.py, _algebraic_to_numeric_square: rank by rank from White's side, files left to
     * right, a1 = 1); elsewhere the cell's usual number, 1 at the top left.
     */
    private int variantSquare(int cell) {
        if (g.naming() != Geometry.Naming.ALGEBRAIC) return cell + 1;
        int perRow = g.cells() / g.rows();
        int rankFromBottom = g.rows() - 1 - g.row(cell);
        return rankFromBottom * perRow + cell % perRow + 1;
    }

    private static int[] inverse(int[] squareOfCell) {
        int[] cellOf = new int[squareOfCell.length + 1];
        Arrays.fill(cellOf, -1);
        for (int cell = 0; cell < squareOfCell.length; cell++) cellOf[squareOfCell[cell]] = cell;
        return cellOf;
    }

    public Rules rules() { return rules; }

    public MoveSquares moveSquares() { return moveSquares; }

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

    /**
     * The variant for a Hub name ({@code normal}, also {@code international} and {@code standard};
     * {@code american}, pydraughts' other name for english), or null.
     */
    public static Rules rulesFor(String hubName) {
        if (hubName == null) return null;
        String n = hubName.trim().toLowerCase(Locale.ROOT);
        if (n.equals("normal") || n.equals("standard")) return Variants.INTERNATIONAL;
        if (n.equals("american")) return Variants.ENGLISH;
        return Variants.byName(n);
    }

    /** The number of a layout bit in moves. */
    public int squareOf(int bit) { return moveSquareOfCell[g.cell(bit)]; }

    /** The layout bit of a square number in moves, or -1 if there is no such square. */
    public int bitOf(int square) {
        return square >= 1 && square <= g.cells() ? g.bit(cellOfMoveSquare[square]) : -1;
    }

    /** The Hub position string of a position. */
    public String positionString(Position p) {
        StringBuilder sb = new StringBuilder(g.cells() + 1);
        sb.append(letter(p.sideToMove(), true));
        for (int square = 1; square <= g.cells(); square++) {
            int bit = g.bit(cellOfPositionSquare[square]);
            sb.append(p.isEmpty(bit) ? 'e' : letter(p.sideAt(bit), p.isKing(bit)));
        }
        return sb.toString();
    }

    /** The letter of a side's piece: {@code W}/{@code w} for the side that moves first. */
    private char letter(int side, boolean upper) {
        boolean first = side == rules.firstSide();
        char c = first ? 'w' : 'b';
        return upper ? Character.toUpperCase(c) : c;
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
        List<String> first = new ArrayList<>(), second = new ArrayList<>();
        for (int square = 1; square <= g.cells(); square++) {
            char c = t.charAt(square);
            String name = g.cellName(cellOfPositionSquare[square]);
            switch (c) {
                case 'w' -> first.add(name);
                case 'W' -> first.add("K" + name);
                case 'b' -> second.add(name);
                case 'B' -> second.add("K" + name);
                case 'e' -> { }
                default -> throw new FenException("square " + square + " has '" + c + "' (expected w, b, W, B or e)");
            }
        }
        List<String> white = blackFirst ? second : first, black = blackFirst ? first : second;
        boolean firstToMove = side == 'W';
        char toMove = firstToMove != blackFirst ? 'W' : 'B';
        return Fen.parse(rules, toMove + ":W" + String.join(",", white) + ":B" + String.join(",", black));
    }

    /** The Hub text of move i of a list generated from position p. */
    public String formatMove(Position p, MoveList list, int i) {
        return format(p, list.move(i));
    }

    /** The Hub text of a move: from-to, or fromxto followed by x and each captured square. */
    @Override
    public String format(Position p, Move move) {
        StringBuilder sb = new StringBuilder();
        sb.append(squareOf(move.from()));
        if (!move.isCapture()) return sb.append('-').append(squareOf(move.to())).toString();
        sb.append('x').append(squareOf(move.to()));
        for (int sq : capturedSquares(move)) sb.append('x').append(sq);
        return sb.toString();
    }

    @Override
    public synchronized Move parse(Position p, String text) {
        String over = MoveCodec.boardEnd(p, generator.generate(p, legal));
        if (over != null) throw new FenException("the game is already over (" + over + ")");
        return legal.move(parseMove(p, legal, text));
    }

    /** The captured squares of a move, ascending. */
    public int[] capturedSquares(Move move) {
        int[] out = new int[move.captureCount()];
        int n = 0;
        for (long m = move.capturedLo(); m != 0; m &= m - 1) out[n++] = squareOf(Long.numberOfTrailingZeros(m));
        for (long m = move.capturedHi(); m != 0; m &= m - 1) out[n++] = squareOf(64 + Long.numberOfTrailingZeros(m));
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
        int found = indexOf(legal, bits[0], bits[1], Arrays.copyOfRange(bits, 2, bits.length));
        if (found >= 0) return found;
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
        List<String> sameEnds = movesWithEnds(p, legal, bits[0], bits[1]);
        // Captures are compulsory: the moves with these ends are all captures or none is.
        if (bits.length > 2 && !sameEnds.isEmpty() && legal.isCapture(0)) {
            // The squares given fit none of the captures between these ends: wrong, not ambiguous.
            throw new FenException("illegal move '" + t + "': no capture from " + parts[0].trim() + " to " + parts[1].trim()
                    + " takes those squares; the captures from " + parts[0].trim() + " to " + parts[1].trim() + ": "
                    + String.join(" ", sameEnds));
        }
        if (sameEnds.size() > 1) {
            throw new FenException("ambiguous move '" + t + "'; give the captured squares of one of: " + String.join(" ", sameEnds));
        }
        List<String> all = new ArrayList<>();
        for (int i = 0; i < legal.size(); i++) all.add(formatMove(p, legal, i));
        throw new FenException("illegal move '" + t + "'; legal moves: " + String.join(" ", all));
    }

    /**
     * The Hub texts of the legal moves from bit {@code from} to bit {@code to}: more than one when
     * captures with these ends differ in the pieces they take.
     */
    public List<String> movesWithEnds(Position p, MoveList legal, int from, int to) {
        List<String> moves = new ArrayList<>();
        for (int i = 0; i < legal.size(); i++) if (legal.from(i) == from && legal.to(i) == to) moves.add(formatMove(p, legal, i));
        return moves;
    }

    /**
     * The index in {@code legal} of the move from bit {@code from} to bit {@code to} that captures
     * exactly the pieces on {@code capturedBits} (any order), or -1. Without captured squares it
     * also names a capture when that is the only legal move with these ends (some programs leave
     * the captured pieces out); a square given twice names nothing.
     */
    public static int indexOf(MoveList legal, int from, int to, int[] capturedBits) {
        long capLo = 0, capHi = 0;
        for (int bit : capturedBits) {
            if (bit < 64) capLo |= 1L << bit; else capHi |= 1L << (bit - 64);
        }
        if (Long.bitCount(capLo) + Long.bitCount(capHi) != capturedBits.length) return -1;
        int onlyByEnds = -1, byEnds = 0;
        for (int i = 0; i < legal.size(); i++) {
            if (legal.from(i) != from || legal.to(i) != to) continue;
            if (capturedBits.length > 0 && legal.capturedLo(i) == capLo && legal.capturedHi(i) == capHi) return i;
            byEnds++;
            onlyByEnds = i;
        }
        return capturedBits.length == 0 && byEnds == 1 ? onlyByEnds : -1;
    }

    /** The moves of a game as Hub texts, from its start position. */
    public List<String> gameMoves(Game game) {
        return formatLine(game.startPosition(), game.moveValues());
    }

    /** A Hub move text in our own notation (as {@link Game#play(String)} accepts it), for position p. */
    public String toNotation(Position p, String hubMove) {
        return notation.format(p, parse(p, hubMove));
    }
}
