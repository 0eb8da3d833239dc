package org.damka.gui;

import java.time.Duration;

/**
 * The server's limits, so that no client can exhaust it: message size, open connections (in all,
 * and game sockets per address), rooms
 * (in all and per address), how long an idle room lives, how many rooms may have an engine (each
 * holds a hash table) and how many engine searches run at once, and how many messages may wait
 * for a slow client before it is dropped. Also how long a seat must be away before another
 * client may take it (a player whose tab closed has lost its token, and comes back without it).
 * Tests change one limit by name: {@code GuiLimits.defaults().withRoomIdle(…)}.
 */
record GuiLimits(int maxMessageBytes, int maxConnections, int socketsPerAddress, int maxRooms, int roomsPerAddress,
                 Duration roomIdle, Duration connectionIdle, int maxEngines, int engineSearches, int maxQueuedMessages,
                 Duration seatClaim) {

    private static final int MAX_MESSAGE_BYTES = 64 * 1024;
    private static final int MAX_CONNECTIONS = 512;
    /** Game sockets one address may hold: a class behind one address fits, one script cannot hold them all. */
    private static final int SOCKETS_PER_ADDRESS = 64;
    private static final int MAX_ROOMS = 1000;
    private static final int ROOMS_PER_ADDRESS = 64;
    private static final Duration ROOM_IDLE = Duration.ofMinutes(30);
    /**
     * A socket silent this long is closed (its seat then shows "away"): the page pings every 30 s,
     * so only a frozen or vanished page (a phone's tab put to sleep) stays silent.
     */
    private static final Duration CONNECTION_IDLE = Duration.ofSeconds(75);
    /** Rooms with an engine, at most; fewer in a small heap ({@link #enginesFor}). */
    private static final int MAX_ENGINES = 64;
    /**
     * The heap one engine room takes: its 8 MB table and its search's working space (16.0-16.5 MB
     * measured after a search, GuiContextTest), with a margin.
     */
    static final long ENGINE_BYTES = 20L << 20;
    /** The heap kept for the server itself (its pages, sockets and rooms) besides the engines. */
    static final long SERVER_BYTES = 96L << 20;
    private static final int MAX_QUEUED_MESSAGES = 256;
    private static final Duration SEAT_CLAIM = Duration.ofMinutes(2);

    static GuiLimits defaults() {
        return defaults(0);
    }

    /** The defaults in a heap that also holds endgame tables of this size. */
    static GuiLimits defaults(long tableBytes) {
        // Engine searches at once: half the cores, the rest serving the pages and the sockets.
        int engineSearches = Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
        return new GuiLimits(MAX_MESSAGE_BYTES, MAX_CONNECTIONS, SOCKETS_PER_ADDRESS, MAX_ROOMS, ROOMS_PER_ADDRESS, ROOM_IDLE, CONNECTION_IDLE,
                enginesFor(Runtime.getRuntime().maxMemory() - tableBytes), engineSearches, MAX_QUEUED_MESSAGES, SEAT_CLAIM);
    }

    /**
     * The engine rooms a heap of this size holds: a 512 MB heap (the default on a 2 GB machine)
     * filled with 25-30 of them, after which every new engine game was refused for memory until
     * rooms expired (the rooms left behind give their engines up only at this cap).
     */
    static int enginesFor(long maxHeapBytes) {
        return (int) Math.max(1, Math.min(MAX_ENGINES, (maxHeapBytes - SERVER_BYTES) / ENGINE_BYTES));
    }

    GuiLimits withMaxMessageBytes(int bytes) {
        return new GuiLimits(bytes, maxConnections, socketsPerAddress, maxRooms, roomsPerAddress, roomIdle, connectionIdle, maxEngines,
                engineSearches, maxQueuedMessages, seatClaim);
    }

    GuiLimits withSocketsPerAddress(int sockets) {
        return new GuiLimits(maxMessageBytes, maxConnections, sockets, maxRooms, roomsPerAddress, roomIdle, connectionIdle, maxEngines,
                engineSearches, maxQueuedMessages, seatClaim);
    }

    GuiLimits withRoomsPerAddress(int rooms) {
        return new GuiLimits(maxMessageBytes, maxConnections, socketsPerAddress, maxRooms, rooms, roomIdle, connectionIdle, maxEngines,
                engineSearches, maxQueuedMessages, seatClaim);
    }

    GuiLimits withRoomIdle(Duration idle) {
        return new GuiLimits(maxMessageBytes, maxConnections, socketsPerAddress, maxRooms, roomsPerAddress, idle, connectionIdle, maxEngines,
                engineSearches, maxQueuedMessages, seatClaim);
    }

    GuiLimits withEngines(int rooms, int searches) {
        return new GuiLimits(maxMessageBytes, maxConnections, socketsPerAddress, maxRooms, roomsPerAddress, roomIdle, connectionIdle, rooms,
                searches, maxQueuedMessages, seatClaim);
    }

    GuiLimits withSeatClaim(Duration away) {
        return new GuiLimits(maxMessageBytes, maxConnections, socketsPerAddress, maxRooms, roomsPerAddress, roomIdle, connectionIdle, maxEngines,
                engineSearches, maxQueuedMessages, away);
    }
}
