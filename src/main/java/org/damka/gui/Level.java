package org.damka.gui;

import java.util.Locale;

/**
 * The engine's strength in a game against a person. The weak levels search a few nodes with
 * several lines (MultiPV) and play a random one of those within {@code marginCp} of the best;
 * the strong ones search for a time per move and play the best move.
 */
enum Level {
    EASY(400, 0, 4, 250, false),
    CASUAL(4_000, 0, 3, 80, false),
    CLUB(40_000, 0, 1, 0, false),
    STRONG(0, 1_000, 1, 0, true),
    FULL(0, 5_000, 1, 0, true);

    final long nodes;
    final long moveTimeMs;
    final int lines;
    final int marginCp;
    /** Whether the server's endgame tables are probed: the weaker levels play endgames by search alone, as people do. */
    final boolean tables;

    Level(long nodes, long moveTimeMs, int lines, int marginCp, boolean tables) {
        this.nodes = nodes;
        this.moveTimeMs = moveTimeMs;
        this.lines = lines;
        this.marginCp = marginCp;
        this.tables = tables;
    }

    static Level parse(String text) {
        if (text == null || text.isBlank()) return EASY;
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown level '" + Client.abbreviate(text) + "' (easy, casual, club, strong, full)");
        }
    }
}
