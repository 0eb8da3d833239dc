package org.damka.match;

import java.util.List;

/**
 * The referee's view of an engine, whatever protocol it speaks: start it, tell it a new game
 * begins, ask it for a move in a position, close it. Every call has a deadline; an engine that
 * misses it, dies or cannot be started makes the call throw {@link EngineException}. After a
 * failure the client may be dead ({@link #alive()} false); the match then starts a new one.
 */
public interface EngineClient extends AutoCloseable {

    /** The name shown in results: the spec's name, else the engine's own, else its command. */
    String name();

    /** Starts the process, completes the handshake, sets the variant and the options. */
    void start() throws EngineException, InterruptedException;

    /** A new game begins; waits until the engine is ready. */
    void newGame() throws EngineException, InterruptedException;

    /**
     * Asks for a move: the game so far is the opening's start position and the moves played
     * from it. Waits at most {@code timeoutMs} after sending the search request; the time the
     * engine took is measured from that moment to the reply.
     */
    Reply play(String startFen, List<String> moves, SearchRequest request, long timeoutMs)
            throws EngineException, InterruptedException;

    boolean alive();

    /**
     * The error reports the engine sent since the current game began (its own words, the first
     * few), for the reason the game ended; empty when it sent none.
     */
    List<String> errors();

    /** Quits the engine (killing it if it does not go), never throws. */
    @Override
    void close();

    /**
     * A search request: the clocks and increments in ms when {@code clock}, or a fixed depth,
     * node count or move time (0 = not given).
     */
    record SearchRequest(boolean clock, long whiteTime, long blackTime, long whiteInc, long blackInc,
                         int depth, long nodes, long moveTime) {
        /** Both sides' clocks and increments, ms. */
        static SearchRequest clocks(long whiteTime, long blackTime, long whiteInc, long blackInc) {
            return new SearchRequest(true, whiteTime, blackTime, whiteInc, blackInc, 0, 0, 0);
        }

        /** A fixed budget: the time control's depth, nodes and move time. */
        static SearchRequest fixed(TimeControl tc) {
            return new SearchRequest(false, 0, 0, 0, 0, tc.depth(), tc.nodes(), tc.moveTimeMs());
        }
    }

    /**
     * The engine's answer: its move in damka's notation ({@code null} when it claims to have
     * none), the last score it reported for the side to move (centipawns; wins and losses as
     * ±(30000 - moves to mate); null when it reported none) and the time it took. A client that
     * must translate the engine's move (another notation) and cannot, because the move is not
     * legal or not readable, gives the engine's text as {@code move} and says why in
     * {@code moveError}; the referee then scores an illegal move.
     */
    record Reply(String move, Integer scoreCp, long elapsedMs, String moveError) {
        public Reply(String move, Integer scoreCp, long elapsedMs) {
            this(move, scoreCp, elapsedMs, null);
        }
    }
}
