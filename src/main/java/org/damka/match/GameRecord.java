package org.damka.match;

import java.util.List;

import org.damka.game.GameResult;

/**
 * One finished match game.
 *
 * @param round            1-based game number in the match
 * @param opening          0-based index into the opening set
 * @param white            the engine that played White
 * @param black            the engine that played Black
 * @param firstEngineWhite the first {@code --engine} played White
 * @param startFen         the position the game started from, null for the variant's start
 * @param moves            every move from the start, opening moves included, canonical notation
 * @param result           the outcome and the reason
 * @param termination      what kind of end it was
 */
public record GameRecord(int round, int opening, String white, String black, boolean firstEngineWhite,
                         String startFen, List<String> moves, GameResult result, Termination termination) {
    public GameRecord {
        moves = List.copyOf(moves);
    }

    /** Points of the first engine: 1, 0.5 or 0. */
    public double firstEngineScore() {
        return switch (result.outcome()) {
            case DRAW -> 0.5;
            case WHITE_WINS -> firstEngineWhite ? 1 : 0;
            case BLACK_WINS -> firstEngineWhite ? 0 : 1;
        };
    }
}
