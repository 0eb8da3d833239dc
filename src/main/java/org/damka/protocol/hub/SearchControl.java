package org.damka.protocol.hub;

import org.damka.engine.Engine;

/**
 * A stop request that cannot be lost. The search clears its stop flag when its thread starts
 * running, so a stop sent in the instant between {@link Engine#go} and that start would be
 * forgotten; this repeats the request until the search has ended.
 */
public final class SearchControl {
    private SearchControl() { }

    /** Stops the engine's search (if any) and waits until its best move has been reported. */
    public static void stopAndWait(Engine engine) {
        while (engine.searching()) {
            engine.stop();
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        try {
            engine.waitForSearch();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
