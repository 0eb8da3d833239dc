package org.damka.rules;

import java.util.List;

/**
 * The immutable description of a variant. Code asks these questions instead of testing a
 * variant's name, so a new variant is a new {@code Rules} value (plus, at most, a new geometry).
 *
 * @param name              the variant's protocol name
 * @param geometry          the board
 * @param startFen          the start position as a PDN FEN string
 * @param firstSide         0 White, 1 Black moves first from the start position
 * @param menCaptureBackward men may capture backward as well as forward
 * @param flyingKings       kings move and capture along whole lines (else one step / adjacent jump)
 * @param majorityCapture   the side must choose a capture that takes the most pieces
 * @param promotionInCapture what happens to a man reaching the far row in the middle of a capture
 * @param noMoveLoses       a side to move without a legal move has lost (else: draw)
 * @param draws             the variant's draw rules
 * @param pdnGameType       the PDN GameType number (hexagonal: a private value, see protocol.md)
 */
public record Rules(
        String name,
        Geometry geometry,
        String startFen,
        int firstSide,
        boolean menCaptureBackward,
        boolean flyingKings,
        boolean majorityCapture,
        PromotionInCapture promotionInCapture,
        boolean noMoveLoses,
        DrawRules draws,
        int pdnGameType) {

    /** A man that reaches the promotion row during a capture ... */
    public enum PromotionInCapture {
        /** ... becomes a king at once and goes on capturing as a king (russian, hexagonal). */
        CONTINUE_AS_KING,
        /** ... stays a man while it can go on capturing; promotes only if the move ends there. */
        PASS_AS_MAN,
        /** ... becomes a king and the move ends there (english). */
        END_MOVE
    }

    /**
     * Draw rules, counted in moves of one side each (a limit of 15 moves is 30 plies).
     *
     * @param reversibleMoves draw after this many moves by each side with no capture and no man
     *                        move (only king moves); 0 = no such rule
     * @param endgames        "the stronger side has not won within N moves" rules
     * @param stasis          "material unchanged for N moves" rules (both sides with kings)
     */
    public record DrawRules(int reversibleMoves, List<EndgameLimit> endgames, List<StasisLimit> stasis) {
        public DrawRules {
            endgames = List.copyOf(endgames);
            stasis = List.copyOf(stasis);
        }
    }

    /**
     * The stronger side has between {@code minPieces} and {@code maxPieces} pieces, at least
     * {@code minKings} of them kings; the weaker side has exactly {@code weakKings} pieces, all
     * kings (standing on the long diagonal if {@code weakOnLongDiagonal}). Drawn when the stronger
     * side has made {@code moves} moves in this configuration without winning.
     */
    public record EndgameLimit(String description, int minPieces, int maxPieces, int minKings,
                               int weakKings, boolean weakOnLongDiagonal, int moves) { }

    /**
     * Both sides have kings, the total number of pieces is in [minPieces, maxPieces], and neither
     * a capture nor a promotion has happened for {@code moves} moves of each side.
     */
    public record StasisLimit(int minPieces, int maxPieces, int moves) { }

    /** Side (0 White, 1 Black) that moves first. */
    public int firstSide() { return firstSide; }
}
