package org.damka.gui;

import java.time.Duration;

/**
 * The server's limits, so that no client can exhaust it: message size, open connections, rooms
 * (in all and per address), how long an idle room lives, how many rooms may have an engine (each
 * holds a hash table) and how many engine searches run at once, and how many messages may wait
 * for a slow client before it is dropped. Also how long a seat must be away before another
 * client may take it (a player whose tab closed has lost its token, and comes back without it).
 * Tests change one limit by name: {@code GuiLimits.defaults().withRoomIdle(…)}.
 */
record GuiLimits(int maxMessageBytes, int maxConnections, int maxRooms, int roomsPerAddress, Duration roomIdle,
                 Duration connectionIdle, int maxEngines, int engineSearches, int maxQueuedMessages,
                 Duration seatClaim) {

    static GuiLimits defaults() {
        return new GuiLimits(64 * 1024, 512, 1000, 64, Duration.ofMinutes(30), Duration.ofMinutes(5),
                64, Math.max(1, Runtime.getRuntime().availableProcessors() / 2), 256, Duration.ofMinutes(2));
    }

    GuiLimits withMaxMessageBytes(int bytes) {
        return new GuiLimits(bytes, maxConnections, maxRooms, roomsPerAddress, roomIdle, connectionIdle, maxEngines,
                engineSearches, maxQueuedMessages, seatClaim);
    }

    GuiLimits withRoomsPerAddress(int rooms) {
        return new GuiLimits(maxMessageBytes, maxConnections, maxRooms, rooms, roomIdle, connectionIdle, maxEngines,
                engineSearches, maxQueuedMessages, seatClaim);
    }

    GuiLimits withRoomIdle(Duration idle) {
        return new GuiLimits(maxMessageBytes, maxConnections, maxRooms, roomsPerAddress, idle, connectionIdle, maxEngines,
                engineSearches, maxQueuedMessages, seatClaim);
    }

    GuiLimits withEngines(int rooms, int searches) {
        return new GuiLimits(maxMessageBytes, maxConnections, maxRooms, roomsPerAddress, roomIdle, connectionIdle, rooms,
                searches, maxQueuedMessages, seatClaim);
    }

    GuiLimits withSeatClaim(Duration away) {
        return new GuiLimits(maxMessageBytes, maxConnections, maxRooms, roomsPerAddress, roomIdle, connectionIdle, maxEngines,
                engineSearches, maxQueuedMessages, away);
    }
}
