package org.damka.match;

import java.util.List;

import org.damka.game.Game;
import org.damka.rules.Rules;

/**
 * Where a game starts: a position string (null for the variant's start position) and moves
 * played from it. The moves are in canonical notation once the opening has been checked.
 */
public record Opening(String fen, List<String> moves) {
    public Opening {
        moves = List.copyOf(moves);
    }

    /** The game after the opening; throws FenException when a move or the position is bad. */
    public Game toGame(Rules rules) {
        return Game.replay(rules, fen, moves);
    }

    @Override
    public String toString() {
        String start = fen == null ? "startpos" : fen;
        return moves.isEmpty() ? start : start + " moves " + String.join(" ", moves);
    }
}
