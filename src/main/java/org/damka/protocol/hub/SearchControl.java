package org.damka.protocol.hub;

import org.damka.engine.Engine;

/** Ends the engine's search for the Hub and DXP loops. */
public final class SearchControl {
    private SearchControl() { }

    /**
     * Stops the engine's search (if any) and waits until its best move has been reported. One
     * stop is enough: the engine keeps a stop that arrives before the search thread runs.
     */
    public static void stopAndWait(Engine engine) {
        try {
            engine.stopAndWait();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
