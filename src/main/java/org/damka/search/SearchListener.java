package org.damka.search;

/** Receives what a search finds. Called from the search thread; must not block for long. */
public interface SearchListener {
    void info(SearchInfo info);

    /** A free-form line for humans (shown as {@code info string}). */
    default void message(String text) { }

    /** The final answer; {@code move} is null when there is no legal move, ponder may be null. */
    void bestMove(String move, String ponder);
}
