package org.damka.game;

/** How a finished game ended. */
public record GameResult(Outcome outcome, String reason) {
    public enum Outcome {
        WHITE_WINS("1-0"), BLACK_WINS("0-1"), DRAW("1/2-1/2");

        private final String score;

        Outcome(String score) { this.score = score; }

        /** The PGN/PDN style score: 1-0, 0-1 or 1/2-1/2. */
        public String score() { return score; }
    }

    /** The side (0 White, 1 Black) that lost, or -1 for a draw. */
    public int loser() {
        return outcome == Outcome.WHITE_WINS ? 1 : outcome == Outcome.BLACK_WINS ? 0 : -1;
    }

    @Override
    public String toString() {
        return outcome.score() + " (" + reason + ")";
    }
}
