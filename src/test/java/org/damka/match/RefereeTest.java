package org.damka.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.damka.board.Fen;
import org.damka.game.Game;
import org.damka.game.GameResult;
import org.damka.game.GameResult.Outcome;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

/**
 * The referee with in-process scripted engines: clock arithmetic with its tolerance, move-time
 * limits, adjudication, and how each kind of failure is charged. No processes, so it is quick.
 */
class RefereeTest {
    private static final Rules RUSSIAN = Variants.RUSSIAN;

    private static Object first(Game g, long elapsed, Integer score) {
        return new EngineClient.Reply(g.legalMoveTexts().get(0), score, elapsed);
    }

    private static GameRecord play(Rules rules, ScriptedEngine white, ScriptedEngine black, TimeControl tc, Adjudication adj) throws Exception {
        Referee referee = new Referee(rules, adj, 100, 5000);
        return referee.play(1, 0, new Opening(null, List.of()),
                new Referee.Players(white, black, "W", "B", tc, tc, true));
    }

    @Test
    void gameEndsByTheRulesAndMatchesAReplay() throws Exception {
        ScriptedEngine a = new ScriptedEngine(RUSSIAN, g -> first(g, 1, 0));
        ScriptedEngine b = new ScriptedEngine(RUSSIAN, g -> first(g, 1, 0));
        GameRecord r = play(RUSSIAN, a, b, TimeControl.depth(1), Adjudication.NONE);
        assertEquals(Termination.RULES, r.termination());
        Game replay = new Game(RUSSIAN, Fen.parse(RUSSIAN, RUSSIAN.startFen()));
        for (String m : r.moves()) replay.play(m);
        assertEquals(replay.result().orElseThrow(), r.result());
        assertEquals(EngineClient.SearchRequest.fixed(TimeControl.depth(1)), a.requests.get(0));
    }

    @Test
    void clockWithinTheMarginPlaysOnBeyondItForfeits() throws Exception {
        // Clock 1000 ms, no increment, margin 100 ms. White: 1050 ms (clock -50: tolerated),
        // then 60 ms (clock -110: forfeit on White's second move).
        int[] calls = {0};
        ScriptedEngine white = new ScriptedEngine(RUSSIAN, g -> first(g, calls[0]++ == 0 ? 1050 : 60, 0));
        ScriptedEngine black = new ScriptedEngine(RUSSIAN, g -> first(g, 10, 0));
        GameRecord r = play(RUSSIAN, white, black, TimeControl.clock(1000, 0), Adjudication.NONE);
        assertEquals(Termination.TIME_FORFEIT, r.termination());
        assertEquals(Outcome.BLACK_WINS, r.result().outcome());
        assertEquals(2, r.moves().size(), "White's first move stands; its second came too late");
        assertTrue(r.result().reason().contains("110 ms over"), r.result().reason());
        // White's second request showed its clock at 1 ms (never below), Black's at 990.
        assertEquals(EngineClient.SearchRequest.clocks(1, 990, 0, 0), white.requests.get(1));
    }

    @Test
    void incrementIsAddedAfterEachMove() throws Exception {
        ScriptedEngine white = new ScriptedEngine(RUSSIAN, g -> g.plies() >= 4 ? new EngineException(EngineException.Kind.CRASHED, "bye")
                : first(g, 300, 0));
        ScriptedEngine black = new ScriptedEngine(RUSSIAN, g -> first(g, 100, 0));
        GameRecord r = play(RUSSIAN, white, black, TimeControl.clock(1000, 50), Adjudication.NONE);
        assertEquals(Termination.CRASH, r.termination());
        // White: 1000 -> 750 -> 500; Black: 1000 -> 950 -> 900 (each move: minus time, plus 50).
        assertEquals(EngineClient.SearchRequest.clocks(500, 900, 50, 50), white.requests.get(2));
    }

    @Test
    void moveTimeOverstepForfeits() throws Exception {
        ScriptedEngine white = new ScriptedEngine(RUSSIAN, g -> first(g, 150, 0));
        ScriptedEngine black = new ScriptedEngine(RUSSIAN, g -> first(g, 201, 0)); // 100 + margin 100 = 200 allowed
        GameRecord r = play(RUSSIAN, white, black, TimeControl.moveTime(100), Adjudication.NONE);
        assertEquals(Termination.TIME_FORFEIT, r.termination());
        assertEquals(Outcome.WHITE_WINS, r.result().outcome());
        assertEquals(1, r.moves().size());
    }

    @Test
    void timeoutIsAForfeitUnderAClockAndAHangWithout() throws Exception {
        ScriptedEngine quiet = new ScriptedEngine(RUSSIAN, g -> new EngineException(EngineException.Kind.TIMED_OUT, "no bestmove", 5000));
        ScriptedEngine ok = new ScriptedEngine(RUSSIAN, g -> first(g, 1, 0));
        assertEquals(Termination.HANG, play(RUSSIAN, quiet, ok, TimeControl.depth(3), Adjudication.NONE).termination());
        assertEquals(Termination.TIME_FORFEIT, play(RUSSIAN, quiet, ok, TimeControl.clock(1000, 0), Adjudication.NONE).termination());
        GameRecord crash = play(RUSSIAN, ok, new ScriptedEngine(RUSSIAN, g -> new EngineException(EngineException.Kind.CRASHED, "gone")),
                TimeControl.depth(3), Adjudication.NONE);
        assertEquals(Termination.CRASH, crash.termination());
        assertEquals(new GameResult(Outcome.WHITE_WINS, "Black (B) crashed: gone"), crash.result());
    }

    @Test
    void claimingNoMoveInAPlayablePositionIsIllegal() throws Exception {
        ScriptedEngine none = new ScriptedEngine(RUSSIAN, g -> new EngineClient.Reply(null, null, 1));
        ScriptedEngine ok = new ScriptedEngine(RUSSIAN, g -> first(g, 1, 0));
        GameRecord r = play(RUSSIAN, ok, none, TimeControl.depth(1), Adjudication.NONE);
        assertEquals(Termination.ILLEGAL_MOVE, r.termination());
        assertTrue(r.result().reason().startsWith("Black (B) claimed to have no legal move in B:"), r.result().reason());
    }

    @Test
    void adjudicationEndsTheGame() throws Exception {
        // Both engines report +500 for White (Black's engine reports -500 for itself): a win
        // once 3 plies agree.
        ScriptedEngine white = new ScriptedEngine(RUSSIAN, g -> first(g, 1, 500));
        ScriptedEngine black = new ScriptedEngine(RUSSIAN, g -> first(g, 1, -500));
        GameRecord r = play(RUSSIAN, white, black, TimeControl.depth(1), Adjudication.parse("win=400,3"));
        assertEquals(Termination.ADJUDICATION, r.termination());
        assertEquals(Outcome.WHITE_WINS, r.result().outcome());
        assertEquals(3, r.moves().size());
        GameRecord d = play(RUSSIAN, new ScriptedEngine(RUSSIAN, g -> first(g, 1, 5)), new ScriptedEngine(RUSSIAN, g -> first(g, 1, -5)),
                TimeControl.depth(1), Adjudication.parse("draw=6,10"));
        assertEquals(Outcome.DRAW, d.result().outcome());
        assertEquals(6, d.moves().size());
    }
}
