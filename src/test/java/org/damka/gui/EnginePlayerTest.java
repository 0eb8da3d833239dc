package org.damka.gui;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** A room's engine player. */
class EnginePlayerTest {
    /**
     * A room closed between its queued job's check and the search (a dropped room, a server
     * stopping): the job finds no engine and searches nothing, where it failed with "the engine
     * is closed" on the server's error output.
     */
    @Test
    void aClosedPlayerSearchesNothing() throws InterruptedException {
        EnginePlayer player = new EnginePlayer("russian", null);
        player.close();
        assertNull(player.chooseMove(null, List.of(), Level.EASY, null, new Random(1), () -> false));
        List<List<EnginePlayer.Line>> reports = new ArrayList<>();
        player.analyse(null, List.of(), 1, 1000, () -> false, reports::add);
        assertTrue(reports.isEmpty(), reports.toString());
    }
}
