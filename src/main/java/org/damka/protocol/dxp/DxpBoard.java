package org.damka.protocol.dxp;

import java.util.List;

import org.damka.board.FenException;
import org.damka.board.Position;
import org.damka.movegen.Move;
import org.damka.movegen.MoveList;
import org.damka.notation.HubBoard;
import org.damka.rules.Variants;

/**
 * International draughts as DamExchange writes it (DXP has no variant field: 10x10 only).
 * Squares are the standard numbers 1..50; a position is 50 letters in square order ({@code e}
 * empty, {@code w}/{@code z} white/black man, {@code W}/{@code Z} white/black king) after a colour
 * letter {@code W} or {@code Z}; a move is from, to and the captured squares in any order.
 */
public final class DxpBoard {
    private final HubBoard hub = new HubBoard(Variants.INTERNATIONAL);

    /** The 50-letter position field. */
    public String positionField(Position p) {
        return hub.positionString(p).substring(1).replace('b', 'z').replace('B', 'Z');
    }

    /** The colour letter of the side to move. */
    public static char colorToMove(Position p) {
        return p.sideToMove() == Position.WHITE ? DxpMessage.WHITE : DxpMessage.BLACK;
    }

    /** Reads a colour letter and 50-letter position; throws {@link FenException} saying what is wrong. */
    public Position parsePosition(char colorToMove, String field) {
        if (colorToMove != DxpMessage.WHITE && colorToMove != DxpMessage.BLACK) {
            throw new FenException("colour to move must be W or Z, got '" + colorToMove + "'");
        }
        if (field == null || field.length() != 50) throw new FenException("position must have 50 squares");
        for (int i = 0; i < 50; i++) {
            if ("ewzWZ".indexOf(field.charAt(i)) < 0) {
                throw new FenException("square " + (i + 1) + " has '" + field.charAt(i) + "' (expected e, w, z, W or Z)");
            }
        }
        String hubText = (colorToMove == DxpMessage.WHITE ? "W" : "B") + field.replace('z', 'b').replace('Z', 'B');
        return hub.parsePosition(hubText);
    }

    /** The MOVE message for a move. */
    public DxpMessage.Move toMessage(Move move, int seconds) {
        return new DxpMessage.Move(seconds, hub.squareOf(move.from()), hub.squareOf(move.to()), hub.capturedSquares(move));
    }

    /**
     * The index of the legal move with this from, to and captured set (any order), or -1. A
     * message without captured squares also matches a capture when it is the only legal move with
     * these ends (some programs leave the captured pieces out).
     */
    public int find(MoveList legal, DxpMessage.Move m) {
        int[] caps = m.captured();
        int[] capturedBits = new int[caps.length];
        for (int k = 0; k < caps.length; k++) {
            capturedBits[k] = hub.bitOf(caps[k]);
            if (capturedBits[k] < 0) return -1;
        }
        int fromBit = hub.bitOf(m.from()), toBit = hub.bitOf(m.to());
        return fromBit < 0 || toBit < 0 ? -1 : HubBoard.indexOf(legal, fromBit, toBit, capturedBits);
    }

    /**
     * Why {@link #find} found no move for the message, as the opponent is told: the move, then
     * what is wrong when it is not plainly illegal (a capture named by its ends alone where two or
     * more take that way: which they are).
     */
    public Refusal refusal(Position p, MoveList legal, DxpMessage.Move m) {
        int fromBit = hub.bitOf(m.from()), toBit = hub.bitOf(m.to());
        List<String> sameEnds = hub.movesWithEnds(p, legal, fromBit, toBit);
        if (m.captured().length == 0 && sameEnds.size() > 1) {
            return new Refusal("ambiguous move " + m.from() + "x" + m.to(),
                    sameEnds.size() + " captures go from " + m.from() + " to " + m.to() + " (" + String.join(" ", sameEnds)
                            + "); a MOVE names the pieces it captures");
        }
        return new Refusal("illegal move " + m.from() + (m.captured().length > 0 ? "x" : "-") + m.to(), "");
    }

    /** A refused move and why, when more than its being illegal ("" when not). */
    public record Refusal(String move, String why) {
        @Override
        public String toString() {
            return why.isEmpty() ? move : move + ": " + why;
        }
    }

    /** The Hub-style text of move i (for logs): from-to or fromxto x captured... */
    public String text(Position p, MoveList list, int i) {
        return hub.formatMove(p, list, i);
    }
}
