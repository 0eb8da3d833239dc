package org.damka.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.damka.board.Fen;
import org.damka.game.Game;
import org.damka.game.GameResult;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

/**
 * The engine plays itself through the protocol, as a GUI would run it: {@code position startpos
 * moves ...} then {@code go}, every answer checked legal with the rules core, to the end of the
 * game, where it must answer {@code bestmove (none)} with the result the rules core finds. The
 * clock games keep both clocks on this side of the pipe and check that no move ever takes more
 * than the time its side had left.
 */
class SelfPlayIT {
    /** Declared answer latency for the clock games: this machine is shared with other builds. */
    static final int CLOCK_OVERHEAD_MS = Integer.getInteger("damka.test.overheadMs", 30);

    @Test
    void russianGameToTheEnd() {
        playToTheEnd(Variants.RUSSIAN, "go depth 4");
    }

    @Test
    void englishGameToTheEnd() {
        playToTheEnd(Variants.ENGLISH, "go movetime 15");
    }

    private static void playToTheEnd(Rules rules, String go) {
        try (EngineUnderTest engine = EngineUnderTest.start()) {
            engine.command("setoption name UCI_Variant value " + rules.name());
            engine.quiet("ucinewgame");
            Game game = new Game(rules, Fen.parse(rules, rules.startFen()));
            List<String> moves = new ArrayList<>();
            while (true) {
                assertTrue(moves.size() < 1000, "game did not end in 1000 plies");
                engine.quiet("position startpos" + (moves.isEmpty() ? "" : " moves " + String.join(" ", moves)));
                engine.send(go);
                List<String> out = engine.until("bestmove");
                String best = out.get(out.size() - 1).substring("bestmove ".length()).split(" ")[0];
                Optional<GameResult> result = game.result();
                if (result.isPresent()) {
                    assertEquals("(none)", best, "the game is over: " + result.get());
                    assertEquals("info string result " + result.get(), out.get(out.size() - 2));
                    System.out.println("SelfPlayIT " + rules.name() + " game over after " + moves.size() + " plies: "
                            + result.get());
                    break;
                }
                assertTrue(game.legalMoveTexts().contains(best),
                        "ply " + moves.size() + ": " + best + " is not legal; legal: " + game.legalMoveTexts());
                game.play(best);
                moves.add(best);
            }
            assertEquals(List.of(), engine.badLines());
        }
    }

    @Test
    void shortClockGameNeverExceedsTheTime() {
        clockGame(Variants.RUSSIAN, 300, 10, 30, false);
    }

    @Test
    void oneSecondPlusTenMillisOverOneHundredFiftyMoves() {
        clockGame(Variants.INTERNATIONAL, 1000, 10, 150, true);
    }

    /**
     * Plays moves (each side) moves on a clock of base + inc ms with the GUI's bookkeeping; a
     * finished game is followed by a new one with the clocks running on. With checkUse, each side
     * must also have spent a real part of its time (a fifth of base + moves * inc): on a short
     * clock whose increment is below the declared overhead the engine rightly plays at once.
     */
    /** The most by which one move may overrun the clock as the test measures it (see {@link #clockGame}). */
    private static final long SCHEDULING_GRACE_MS = 250;

    private static void clockGame(Rules rules, long base, long inc, int moves, boolean checkUse) {
        try (EngineUnderTest engine = EngineUnderTest.start()) {
            engine.command("setoption name UCI_Variant value " + rules.name());
            engine.quiet("setoption name Move Overhead value " + CLOCK_OVERHEAD_MS);
            // Let the JVM compile the hot code first: a GUI's clock starts long after the engine.
            for (int i = 0; i < 3; i++) {
                engine.send("go movetime 200");
                engine.expect("bestmove");
            }
            engine.quiet("ucinewgame");
            long[] clock = {base, base};
            long[] used = new long[2];
            long worst = Long.MAX_VALUE;
            long longest = 0;
            int overruns = 0;
            int games = 1;
            Game game = new Game(rules, Fen.parse(rules, rules.startFen()));
            List<String> played = new ArrayList<>();
            for (int ply = 0; ply < 2 * moves; ply++) {
                if (game.result().isPresent()) {
                    games++;
                    game = new Game(rules, Fen.parse(rules, rules.startFen()));
                    played.clear();
                    engine.quiet("ucinewgame");
                }
                int side = game.position().sideToMove();
                engine.quiet("position startpos" + (played.isEmpty() ? "" : " moves " + String.join(" ", played)));
                long sent = System.nanoTime();
                engine.send("go wtime " + clock[0] + " btime " + clock[1] + " winc " + inc + " binc " + inc);
                List<EngineUnderTest.Line> out = engine.until(s -> s.startsWith("bestmove"), 30_000);
                long took = (out.get(out.size() - 1).nanos() - sent) / 1_000_000;
                String best = out.get(out.size() - 1).text().split(" ")[1];
                long charged = took;
                if (took > clock[side]) {
                    // Measured on this side of the pipe: a thread not run for a while on a loaded
                    // machine is charged to the engine. One such overrun, and a short one, passes,
                    // and is not charged (else the next moves would start on an empty clock).
                    overruns++;
                    assertTrue(overruns == 1 && took - clock[side] <= SCHEDULING_GRACE_MS,
                            "ply " + ply + ": took " + took + " ms with " + clock[side] + " ms left (overrun " + overruns + ")");
                    charged = 0;
                }
                assertTrue(game.legalMoveTexts().contains(best), best);
                clock[side] += inc - charged;
                used[side] += charged;
                worst = Math.min(worst, clock[side] - inc);
                longest = Math.max(longest, took);
                game.play(best);
                played.add(best);
            }
            long available = base + moves * inc;
            System.out.println("SelfPlayIT clock " + rules.name() + " " + base + "+" + inc + " x" + moves + " (overhead "
                    + CLOCK_OVERHEAD_MS + "): games " + games + ", used " + used[0] + "/" + used[1] + " ms of " + available
                    + ", least left " + worst + " ms, longest move " + longest + " ms, overruns " + overruns);
            for (int s = 0; s < 2 && checkUse; s++) {
                assertTrue(used[s] >= available / 5, "side " + s + " used only " + used[s] + " ms");
            }
            assertEquals(List.of(), engine.badLines());
        }
    }
}
