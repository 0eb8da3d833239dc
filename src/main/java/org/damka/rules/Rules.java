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
 * @param capturePrecedence which of the available captures the side may choose
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
        CapturePrecedence capturePrecedence,
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
     * @param repetitions     draw when the same position with the same side to move occurs this
     *                        many times (3: threefold repetition)
     * @param reversibleMoves draw after this many moves by each side with no capture and no man
     *                        move (only king moves); 0 = no such rule
     * @param endgames        "the stronger side has not won within N moves" rules
     * @param stasis          "material unchanged for N moves" rules (both sides with kings)
     */
    public record DrawRules(int repetitions, int reversibleMoves, List<EndgameLimit> endgames, List<StasisLimit> stasis) {
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
                               int weakKings, boolean weakOnLongDiagonal, int moves) {

        /** Starts an endgame limit by its description: {@code endgame("...").strong(3, 3).against(1).within(5)}. */
        public static Builder endgame(String description) {
            return new Builder(description);
        }

        /** Names the numbers of an {@link EndgameLimit}; {@link #within} finishes it. */
        public static final class Builder {
            private final String description;
            private int minPieces, maxPieces, minKings, weakKings;
            private boolean weakOnLongDiagonal;

            private Builder(String description) { this.description = description; }

            /** The stronger side has between min and max pieces. */
            public Builder strong(int min, int max) { minPieces = min; maxPieces = max; return this; }
            /** ... at least this many of them kings. */
            public Builder strongKings(int min) { minKings = min; return this; }
            /** The weaker side has exactly this many pieces, all kings. */
            public Builder against(int kings) { weakKings = kings; return this; }
            /** ... standing on the long diagonal of the board. */
            public Builder onLongDiagonal() { weakOnLongDiagonal = true; return this; }
            /** Drawn when the stronger side has not won within this many of its moves. */
            public EndgameLimit within(int moves) {
                return new EndgameLimit(description, minPieces, maxPieces, minKings, weakKings, weakOnLongDiagonal, moves);
            }
        }
    }

    /**
     * Both sides have kings, the total number of pieces is in [minPieces, maxPieces], and neither
     * a capture nor a promotion has happened for {@code moves} moves of each side.
     */
    public record StasisLimit(int minPieces, int maxPieces, int moves) {
        /** "With min..max pieces on the board, drawn after {@code moves} moves without a change." */
        public static StasisLimit pieces(int min, int max, int moves) {
            return new StasisLimit(min, max, moves);
        }
    }

    /** Side (0 White, 1 Black) that moves first. */
    public int firstSide() { return firstSide; }

    /**
     * Starts the rules of a variant by its protocol name. Every trait is named; what is not said
     * is the common default: White first, men capture forward only, short kings, free choice
     * among captures, promotion ends a capture, a blocked side loses, threefold repetition draws.
     */
    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** Builds {@link Rules} trait by trait (see {@link #builder}). */
    public static final class Builder {
        private final String name;
        private Geometry geometry;
        private String startFen;
        private int firstSide = 0;
        private boolean menCaptureBackward, flyingKings;
        private CapturePrecedence capturePrecedence = CapturePrecedence.FREE_CHOICE;
        private PromotionInCapture promotionInCapture = PromotionInCapture.END_MOVE;
        private boolean noMoveLoses = true;
        private int repetitions = 3, reversibleMoves;
        private final List<EndgameLimit> endgames = new java.util.ArrayList<>();
        private final List<StasisLimit> stasis = new java.util.ArrayList<>();
        private int pdnGameType;

        private Builder(String name) { this.name = name; }

        public Builder board(Geometry g) { geometry = g; return this; }
        public Builder start(String fen) { startFen = fen; return this; }
        public Builder blackMovesFirst() { firstSide = 1; return this; }
        public Builder menCaptureBackward(boolean on) { menCaptureBackward = on; return this; }
        public Builder flyingKings(boolean on) { flyingKings = on; return this; }
        public Builder capturePrecedence(CapturePrecedence p) { capturePrecedence = p; return this; }
        public Builder promotionInCapture(PromotionInCapture p) { promotionInCapture = p; return this; }
        /** A side to move without a legal move has drawn instead of lost. */
        public Builder blockedSideDraws() { noMoveLoses = false; return this; }
        /** Drawn at the n-th occurrence of a position (3 by default). */
        public Builder repetitions(int n) { repetitions = n; return this; }
        /** Drawn after this many moves of each side with only king moves and no capture. */
        public Builder reversibleMoves(int n) { reversibleMoves = n; return this; }
        public Builder endgame(EndgameLimit e) { endgames.add(e); return this; }
        public Builder stasis(StasisLimit s) { stasis.add(s); return this; }
        public Builder pdnGameType(int n) { pdnGameType = n; return this; }

        public Rules build() {
            if (geometry == null || startFen == null) throw new IllegalStateException(name + ": board and start position are required");
            return new Rules(name, geometry, startFen, firstSide, menCaptureBackward, flyingKings, capturePrecedence,
                    promotionInCapture, noMoveLoses, new DrawRules(repetitions, reversibleMoves, endgames, stasis), pdnGameType);
        }
    }
}
