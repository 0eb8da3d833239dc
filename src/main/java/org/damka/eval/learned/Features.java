package org.damka.eval.learned;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.rules.Geometry;
import org.damka.rules.Rules;

/**
 * What the learned evaluation sees of a position, shared by the evaluator and the trainer so
 * both read a position the same way: the window states, the scalar terms (White minus Black,
 * or the side to move's sign) and the phase. All from White's point of view.
 */
public final class Features {
    /**
     * Scalar terms: men, kings, tempo (rows advanced by the men), side to move (+1 White, -1
     * Black), a first king (1 if the side has any: the first king is valued apart from the
     * next, as Scan's evaluation counts it) and king mobility (the empty cells the side's kings reach
     * in one move, ignoring captures). The windows see men only, so the last two are all the
     * model knows of kings besides their number.
     */
    public static final int MEN = 0, KINGS = 1, TEMPO = 2, TO_MOVE = 3, FIRST_KING = 4, KING_MOBILITY = 5, SCALARS = 6;
    public static final String[] SCALAR_NAMES = {"men", "kings", "tempo", "side to move", "first king", "king mobility"};
    /** The scalar terms of weights files before version 4 (the first four above). */
    public static final int SCALARS_V3 = 4;

    private final Rules rules;
    private final Windows windows;
    private final int startPieces;
    /**
     * The rows a man has advanced from its own back row, as bit planes: plane (side, k) holds the
     * cells where bit k of that number is set (low word, high word), so a side's tempo is a few
     * population counts instead of a walk over its men.
     */
    private final long[] planes;
    private final int planeCount;
    private final Geometry geometry;
    private final boolean flyingKings;

    public Features(Rules rules) {
        this.rules = rules;
        Geometry g = rules.geometry();
        this.geometry = g;
        this.flyingKings = rules.flyingKings();
        this.windows = new Windows(g);
        Position start = Fen.parse(rules, rules.startFen());
        this.startPieces = start.count(0) + start.count(1);
        planeCount = 32 - Integer.numberOfLeadingZeros(Math.max(1, g.rows() - 1));
        planes = new long[2 * planeCount * 2];
        for (int c = 0; c < g.cells(); c++) {
            int bit = g.bit(c);
            for (int side = 0; side < 2; side++) {
                int advanced = side == 0 ? g.rows() - 1 - g.row(c) : g.row(c);
                for (int k = 0; k < planeCount; k++) {
                    if ((advanced >>> k & 1) != 0) planes[2 * (side * planeCount + k) + (bit >>> 6)] |= 1L << bit;
                }
            }
        }
    }

    public Rules rules() { return rules; }
    public Windows windows() { return windows; }
    public int startPieces() { return startPieces; }

    /** Opening share of the phase, out of {@link #startPieces}: the pieces on the board (capped). */
    public int phase(Position p) {
        return Math.min(startPieces, p.count(0) + p.count(1));
    }

    /** One scalar term of the position (White's view). */
    public int scalar(Position p, int term) {
        return switch (term) {
            case MEN -> (p.count(0) - p.kingCount(0)) - (p.count(1) - p.kingCount(1));
            case KINGS -> p.kingCount(0) - p.kingCount(1);
            case TEMPO -> tempo(p, 0) - tempo(p, 1);
            case TO_MOVE -> p.sideToMove() == Position.WHITE ? 1 : -1;
            case FIRST_KING -> Integer.signum(p.kingCount(0)) - Integer.signum(p.kingCount(1));
            case KING_MOBILITY -> kingMobility(p, 0) - kingMobility(p, 1);
            default -> throw new IllegalArgumentException("no scalar term " + term);
        };
    }

    /** The empty cells the side's kings can move to (one step, or along the line for flying kings). */
    public int kingMobility(Position p, int side) {
        int reach = 0;
        int directions = geometry.directions();
        for (int word = 0; word < 2; word++) {
            long kings = word == 0 ? p.piecesLo(side) & p.kingsLo() : p.piecesHi(side) & p.kingsHi();
            while (kings != 0) {
                int from = Long.numberOfTrailingZeros(kings) + 64 * word;
                kings &= kings - 1;
                for (int d = 0; d < directions; d++) {
                    for (int to = geometry.next(d, from); to >= 0 && p.isEmpty(to); to = geometry.next(d, to)) {
                        reach++;
                        if (!flyingKings) break;
                    }
                }
            }
        }
        return reach;
    }

    /** Sum of the rows advanced by the side's men. */
    public int tempo(Position p, int side) {
        long menLo = p.piecesLo(side) & ~p.kingsLo(), menHi = p.piecesHi(side) & ~p.kingsHi();
        int sum = 0;
        for (int k = 0, at = 2 * side * planeCount; k < planeCount; k++, at += 2) {
            sum += (Long.bitCount(menLo & planes[at]) + Long.bitCount(menHi & planes[at + 1])) << k;
        }
        return sum;
    }
}
