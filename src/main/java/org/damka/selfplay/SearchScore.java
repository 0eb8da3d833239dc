package org.damka.selfplay;

import org.damka.board.Position;
import org.damka.movegen.Move;
import org.damka.search.Search;
import org.damka.search.SearchInfo;
import org.damka.search.SearchListener;

/**
 * A search's score as training data keeps it ({@link SelfPlay}, {@link Rescore}): the last one
 * reported, in White's view; a position whose search found a win or a loss, or reported nothing
 * (no legal move: the game is over there), is not kept.
 */
final class SearchScore implements SearchListener {
    /** The side to move's score; {@link Search#WIN} once a win or a loss is found. */
    private int score;
    private boolean reported;

    /** Before each search. */
    void reset() {
        score = 0;
        reported = false;
    }

    @Override
    public void info(SearchInfo info) {
        score = info.mateIn() != 0 ? Search.WIN : info.scoreCp();
        reported = true;
    }

    @Override
    public void bestMove(Move move, Move ponder) { }

    /** False when the search found a win or a loss, or had nothing to search. */
    boolean kept() {
        return reported && Math.abs(score) < Search.WIN_BOUND;
    }

    /** The score in White's view, the side to move being that of p. */
    int white(Position p) {
        return p.sideToMove() == Position.WHITE ? score : -score;
    }
}
