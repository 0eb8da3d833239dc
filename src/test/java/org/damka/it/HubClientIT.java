package org.damka.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.damka.board.Fen;
import org.damka.game.Game;
import org.damka.notation.HubBoard;
import org.damka.protocol.hub.HubClient;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The reusable Hub client (the match runner's side) against damka's own Hub mode. */
@Timeout(120)
class HubClientIT {

    private static HubClient start() throws Exception {
        return HubClient.start(List.of(JarProcess.javaBinary(), "-jar", JarProcess.jar().toString(), "hub"),
                null, Duration.ofSeconds(15), System.err);
    }

    @Test
    void playsAGameAgainstItselfInRussian() throws Exception {
        Rules rules = Variants.RUSSIAN;
        HubBoard hub = new HubBoard(rules);
        try (HubClient white = start(); HubClient black = start()) {
            assertEquals("damka", white.id().get("name"));
            assertTrue(white.variants().contains("russian"), white.variants().toString());
            for (HubClient c : List.of(white, black)) {
                c.setParam("variant", "russian");
                c.init(Duration.ofSeconds(10));
                c.newGame();
            }
            Game game = new Game(rules, Fen.parse(rules, rules.startFen()));
            String start = hub.positionString(game.startPosition());
            while (game.result().isEmpty() && game.plies() < 40) {
                HubClient side = game.position().sideToMove() == 0 ? white : black;
                HubClient.Done done = side.think(start, hub.gameMoves(game), "move-time=0.02", Duration.ofSeconds(10));
                assertNotNull(done.move());
                boolean forced = game.legalMoveTexts().size() == 1;
                game.play(hub.toNotation(game.position(), done.move()));
                // A forced move is played at once, without a search report.
                assertTrue(forced || done.info().containsKey("depth"), done.info().toString());
            }
            assertTrue(game.plies() == 40 || game.result().isPresent());
            assertEquals(List.of(), white.errors());
            assertEquals(List.of(), black.errors());
        }
    }

    @Test
    void pingDuringAnalysisThenStopAndClose() throws Exception {
        HubClient c = start();
        c.init(Duration.ofSeconds(10));
        c.position(null, List.of("32-28"));
        c.level("infinite");
        c.go("analyze");
        assertTrue(c.ping(Duration.ofSeconds(5)), "pong during the search");
        c.stop();
        HubClient.Done d = c.awaitDone(Duration.ofSeconds(5));
        assertNotNull(d.move());
        c.close();
        assertFalse(c.alive(), "close ends the engine process");
    }
}
