package org.damka.movegen;

import java.util.ArrayList;
import java.util.List;

import org.damka.board.FenException;
import org.damka.board.Position;

/**
 * A protocol's move notation: turns {@link Move} values into text and back, at the edge of the
 * engine only. One codec per notation ({@link MoveNotation} for the UCI-style protocol and PDN,
 * the Hub codec for Hub and DXP squares). The slow path: it may allocate.
 */
public interface MoveCodec {
    /** The text of a legal move of position p. */
    String format(Position p, Move move);

    /**
     * The legal move of position p that a text names; throws {@link FenException} (saying why
     * and listing candidates) for a malformed, illegal or ambiguous text, or when p has no legal
     * move (the game is over).
     */
    Move parse(Position p, String text);

    /**
     * Why the board alone has ended the game in position p, or null if it has not: the side to
     * move has no pieces, the other side has none (a set-up position may leave it so), or the side
     * to move has no legal move ({@code legalMoves}, generated from p). Who has won, or whether it
     * is drawn, is the game's to say ({@code Game.boardResult}); a move text given here is refused
     * with this reason.
     */
    static String boardEnd(Position p, int legalMoves) {
        int side = p.sideToMove();
        String who = side == Position.WHITE ? "White" : "Black";
        if (p.count(side) == 0) return who + " has no pieces";
        if (p.count(side ^ 1) == 0) return (side == Position.WHITE ? "Black" : "White") + " has no pieces";
        return legalMoves == 0 ? who + " has no legal move" : null;
    }

    /** The texts of a line of legal moves played from position start. */
    default List<String> formatLine(Position start, List<Move> line) {
        List<String> out = new ArrayList<>(line.size());
        Position p = new Position(start);
        for (Move m : line) {
            out.add(format(p, m));
            p.play(m.from(), m.to(), m.capturedLo(), m.capturedHi(), m.promotes());
        }
        return out;
    }

    /**
     * The moves that texts name, played one after the other from position start; a bad text
     * throws {@link FenException} naming its number ({@code move 3: ...}).
     */
    default List<Move> parseLine(Position start, List<String> texts) {
        List<Move> out = new ArrayList<>(texts.size());
        Position p = new Position(start);
        for (int k = 0; k < texts.size(); k++) {
            Move m;
            try {
                m = parse(p, texts.get(k));
            } catch (IllegalArgumentException e) {
                throw new FenException("move " + (k + 1) + ": " + e.getMessage());
            }
            out.add(m);
            p.play(m.from(), m.to(), m.capturedLo(), m.capturedHi(), m.promotes());
        }
        return out;
    }
}
