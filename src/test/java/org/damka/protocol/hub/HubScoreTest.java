package org.damka.protocol.hub;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Scores in men with two decimals; wins as 100 - plies/100 (pydraughts reads >90 as a win). */
class HubScoreTest {

    @Test
    void evaluationsInMen() {
        assertEquals("0.00", HubScore.format(0, 0));
        assertEquals("0.12", HubScore.format(12, 0));
        assertEquals("-2.50", HubScore.format(-250, 0));
        assertEquals("90.00", HubScore.format(25_000, 0), "a huge evaluation is not shown as a win");
    }

    @Test
    void winsAndLossesCountPlies() {
        assertEquals("99.99", HubScore.format(0, 1), "win with this move: 1 ply");
        assertEquals("99.95", HubScore.format(0, 3), "win in 3 moves: 5 plies");
        assertEquals("-99.96", HubScore.format(0, -2), "lost in 2 moves: 4 plies");
    }
}
