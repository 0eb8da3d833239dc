package org.damka.movegen;

import java.util.ArrayList;
import java.util.List;

import org.damka.board.FenException;
import org.damka.board.Position;
import org.damka.rules.Geometry;
import org.damka.rules.Rules;

/**
 * Moves as text. A quiet move is {@code from-to}; a capture is its full landing path joined by
 * {@code x} on numeric boards and {@code :} elsewhere. Input accepts either separator (and
 * {@code -}), a full path, or {@code from:to} alone when exactly one legal move matches.
 *
 * <p>This is the slow path (protocol and tools), never the search: it may allocate.
 */
public final class MoveNotation implements MoveCodec {
    private final Rules rules;
    private final Geometry g;
    /** The capture walker's jump rule (only its thread-safe {@link MoveGenerator#jumps} is used). */
    private final MoveGenerator walker;
    // Legal moves for parse(Position, String), which is synchronized: not shared with the walker.
    private final MoveGenerator generator;
    private final MoveList legal = new MoveList(MoveList.ONE_POSITION);

    public MoveNotation(Rules rules) {
        this.rules = rules;
        this.g = rules.geometry();
        this.walker = MoveGenerator.create(rules);
        this.generator = MoveGenerator.create(rules);
    }

    /** The text of move i of a list generated from position p. */
    public String format(Position p, MoveList list, int i) {
        return format(p, list.from(i), list.to(i), list.capturedLo(i), list.capturedHi(i));
    }

    @Override
    public String format(Position p, Move m) {
        return format(p, m.from(), m.to(), m.capturedLo(), m.capturedHi());
    }

    @Override
    public synchronized Move parse(Position p, String text) {
        String over = MoveCodec.boardEnd(p, generator.generate(p, legal));
        if (over != null) throw new FenException("the game is already over (" + over + ")");
        return legal.move(parse(p, legal, text));
    }

    private String format(Position p, int fromBit, int toBit, long capLo, long capHi) {
        String from = g.cellName(g.cell(fromBit));
        String to = g.cellName(g.cell(toBit));
        if (capLo == 0 && capHi == 0) return from + "-" + to;
        int[] path = capturePath(p, fromBit, toBit, capLo, capHi);
        StringBuilder sb = new StringBuilder();
        char sep = g.captureSeparator();
        for (int k = 0; k < path.length; k++) {
            if (k > 0) sb.append(sep);
            sb.append(g.cellName(g.cell(path[k])));
        }
        return sb.toString();
    }

    /** The texts of every move in a list. */
    public List<String> formatAll(Position p, MoveList list) {
        List<String> out = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) out.add(format(p, list, i));
        return out;
    }

    /**
     * Finds which legal move a text names; returns its index in the list. Throws
     * {@link FenException} for a malformed, illegal or ambiguous move, listing the candidates.
     */
    public int parse(Position p, MoveList legal, String text) {
        String t = text == null ? "" : text.trim();
        if (t.isEmpty()) throw new FenException("empty move");
        if (t.length() > 400) throw new FenException("move text too long (" + t.length() + " characters)");
        // also the dashes and the multiplication sign of printed notation (c3–d4, c3—d4, d4×f6)
        String[] parts = t.split("[-x:X\u2010\u2011\u2012\u2013\u2014\u2212\u00d7]", -1);
        if (parts.length < 2) throw new FenException("move '" + t + "' needs at least two squares (from-to)");
        int[] bits = new int[parts.length];
        for (int k = 0; k < parts.length; k++) {
            int cell = g.parseCell(parts[k]);
            if (cell < 0) throw new FenException("unknown square '" + parts[k].trim() + "' in move '" + t + "'");
            bits[k] = g.bit(cell);
        }
        int from = bits[0], to = bits[bits.length - 1];
        List<Integer> sameEnds = new ArrayList<>();
        for (int i = 0; i < legal.size(); i++) {
            if (legal.from(i) == from && legal.to(i) == to) sameEnds.add(i);
        }
        if (sameEnds.isEmpty()) {
            throw new FenException("illegal move '" + t + "'; legal moves: " + String.join(" ", formatAll(p, legal)));
        }
        // A full path names its captured pieces: follow it and match the captured set.
        long[] captured = followPath(p, bits);
        if (captured != null) {
            for (int i : sameEnds) {
                if (legal.capturedLo(i) == captured[0] && legal.capturedHi(i) == captured[1]) return i;
            }
        }
        if (bits.length > 2) {
            throw new FenException("illegal path '" + t + "'; legal moves from " + parts[0].trim()
                    + " to " + parts[parts.length - 1].trim() + ": " + describe(p, legal, sameEnds));
        }
        // The short form from-to: fine when exactly one legal move has these ends.
        if (sameEnds.size() == 1) return sameEnds.get(0);
        throw new FenException("ambiguous move '" + t + "'; write the full path of one of: " + describe(p, legal, sameEnds));
    }

    private String describe(Position p, MoveList legal, List<Integer> indices) {
        List<String> names = new ArrayList<>();
        for (int i : indices) names.add(format(p, legal, i));
        return String.join(" ", names);
    }

    /**
     * Follows a landing path square by square as a capture of the piece on its first square;
     * returns the captured set {lo, hi}, or null if some step is not a capture (for two squares
     * this also covers a quiet step, which has an empty captured set).
     */
    private long[] followPath(Position p, int[] bits) {
        int side = p.sideAt(bits[0]);
        if (side != p.sideToMove()) return null;
        boolean king = p.isKing(bits[0]);
        long lo = 0, hi = 0;
        for (int k = 0; k + 1 < bits.length; k++) {
            int victim = jumpVictim(p, bits[0], bits[k], bits[k + 1], king, lo, hi);
            if (victim < 0) return bits.length == 2 ? new long[] {0, 0} : null;
            if (victim < 64) lo |= 1L << victim; else hi |= 1L << victim;
            if (!king && isPromotion(side, bits[k + 1])
                    && rules.promotionInCapture() == Rules.PromotionInCapture.CONTINUE_AS_KING) {
                king = true;
            }
        }
        return new long[] {lo, hi};
    }

    /**
     * The piece taken by a single jump from a to b of a man or king whose move started on origin,
     * with the given pieces already taken; -1 if that jump is not possible.
     */
    private int jumpVictim(Position p, int origin, int a, int b, boolean king, long capLo, long capHi) {
        int[] jumps = jumps(p, origin, a, king, capLo, capHi);
        for (int jump : jumps) {
            if ((jump & 0xff) == b) return jump >>> 8;
        }
        return -1;
    }

    /** The single jumps from a, as the capture walker allows them ({@link MoveGenerator#jumps}). */
    private int[] jumps(Position p, int origin, int a, boolean king, long capLo, long capHi) {
        int[] found = new int[walker.maxJumps()];
        return java.util.Arrays.copyOf(found, walker.jumps(p, origin, a, king, capLo, capHi, found));
    }

    private boolean isPromotion(int side, int bit) {
        long m = bit < 64 ? g.promotionLo(side) : g.promotionHi(side);
        return ((m >>> bit) & 1) != 0;
    }

    private static boolean has(long lo, long hi, int bit) {
        return (((bit < 64 ? lo : hi) >>> bit) & 1) != 0;
    }

    /** A landing path for a capture (from, to, captured set), found by depth-first search. */
    int[] capturePath(Position p, int from, int to, long capLo, long capHi) {
        int total = Long.bitCount(capLo) + Long.bitCount(capHi);
        int[] path = new int[total + 1];
        path[0] = from;
        if (searchPath(p, from, from, p.isKing(from), 0, 0, total, capLo, capHi, to, path, 1)) return path;
        throw new IllegalStateException("no capture path for a generated move");
    }

    private boolean searchPath(Position p, int origin, int at, boolean king, long takenLo, long takenHi, int total,
                               long capLo, long capHi, int to, int[] path, int depth) {
        if (depth == total + 1) return at == to;
        for (int jump : jumps(p, origin, at, king, takenLo, takenHi)) {
            int victim = jump >>> 8, b = jump & 0xff;
            if (!has(capLo, capHi, victim)) continue;
            long lo = takenLo, hi = takenHi;
            if (victim < 64) lo |= 1L << victim; else hi |= 1L << victim;
            boolean nowKing = king || (isPromotion(p.sideToMove(), b)
                    && rules.promotionInCapture() == Rules.PromotionInCapture.CONTINUE_AS_KING);
            path[depth] = b;
            if (searchPath(p, origin, b, nowKing, lo, hi, total, capLo, capHi, to, path, depth + 1)) return true;
        }
        return false;
    }
}
