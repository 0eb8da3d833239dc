package org.damka.search;

import org.damka.movegen.Move;

/** Receives what a search finds. Called from the search thread; must not block for long. */
public interface SearchListener {
    void info(SearchInfo info);

    /** The search's totals, when it went on past its last {@link #info} line. */
    default void totals(SearchTotals totals) { }

    /** A free-form line for humans (shown as {@code info string}). */
    default void message(String text) { }

    /**
     * Something the user asked for and does not get (e.g. endgame tables that could not be
     * loaded): a protocol without free-form lines still shows it.
     */
    default void trouble(String text) { message(text); }

    /**
     * The final answer, a move of the searched position; {@code move} is null when there is no
     * legal move, ponder (a move of the position after it) may be null. The protocol writes them.
     */
    void bestMove(Move move, Move ponder);
}
