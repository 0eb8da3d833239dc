package org.damka.gui;

import java.time.Duration;

/**
 * The server's limits, so that no client can exhaust it: message size, open connections, rooms
 * (in all and per address), how long an idle room lives, how many rooms may have an engine (each
 * holds a hash table) and how many engine searches run at once, and how many messages may wait
 * for a slow client before it is dropped.
 */
record GuiLimits(int maxMessageBytes, int maxConnections, int maxRooms, int roomsPerAddress, Duration roomIdle,
                 Duration connectionIdle, int maxEngines, int engineSearches, int maxQueuedMessages) {

    static GuiLimits defaults() {
        return new GuiLimits(64 * 1024, 512, 1000, 64, Duration.ofMinutes(30), Duration.ofMinutes(5),
                64, Math.max(1, Runtime.getRuntime().availableProcessors() / 2), 256);
    }
}
