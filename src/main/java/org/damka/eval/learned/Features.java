package org.damka.eval.learned;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.rules.Geometry;
import org.damka.rules.Rules;

/**
 * What the learned evaluation sees of a position, shared by the evaluator and the trainer so
 * both read a position the same way: the window states, four scalar terms (White minus Black,
 * or the side to move's sign) and the phase. All from White's point of view.
 */
public final class Features {
    /** Scalar terms: men, kings, tempo (rows advanced by the men), side to move (+1 White, -1 Black). */
    public static final int MEN = 0, KINGS = 1, TEMPO = 2, TO_MOVE = 3, SCALARS = 4;
    public static final String[] SCALAR_NAMES = {"men", "kings", "tempo", "side to move"};

    private final Rules rules;
    private final Windows windows;
    private final int layout;
    private final int startPieces;
    /** Rows advanced from the own back row, per side * layout + bit. */
    private final int[] advanced;

    public Features(Rules rules) {
        this.rules = rules;
        Geometry g = rules.geometry();
        this.windows = new Windows(g);
        this.layout = g.layoutBits();
        Position start = Fen.parse(rules, rules.startFen());
        this.startPieces = start.count(0) + start.count(1);
        advanced = new int[2 * layout];
        for (int c = 0; c < g.cells(); c++) {
            advanced[g.bit(c)] = g.rows() - 1 - g.row(c);
            advanced[layout + g.bit(c)] = g.row(c);
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
            default -> throw new IllegalArgumentException("no scalar term " + term);
        };
    }

    /** Sum of the rows advanced by the side's men. */
    public int tempo(Position p, int side) {
        long kLo = p.kingsLo(), kHi = p.kingsHi();
        int base = side * layout, sum = 0;
        for (long x = p.piecesLo(side) & ~kLo; x != 0; x &= x - 1) sum += advanced[base + Long.numberOfTrailingZeros(x)];
        for (long x = p.piecesHi(side) & ~kHi; x != 0; x &= x - 1) sum += advanced[base + 64 + Long.numberOfTrailingZeros(x)];
        return sum;
    }
}
