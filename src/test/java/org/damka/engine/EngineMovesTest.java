package org.damka.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.movegen.Move;
import org.damka.movegen.MoveList;
import org.damka.movegen.MoveNotation;
import org.damka.rules.Variants;
import org.damka.search.SearchInfo;
import org.damka.search.SearchLimits;
import org.damka.search.SearchListener;
import org.junit.jupiter.api.Test;

/** The engine takes and reports moves as values; protocols do the text. */
class EngineMovesTest {
    private final MoveNotation notation = new MoveNotation(Variants.RUSSIAN);

    /** Runs a search to its end; returns the best move and, in pvFirst, each report's first PV move. */
    private static Move search(Engine engine, SearchLimits limits, List<Move> pvFirst) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        AtomicReference<Move> best = new AtomicReference<>();
        engine.go(limits, new SearchListener() {
            @Override public void info(SearchInfo info) {
                synchronized (pvFirst) {
                    pvFirst.add(info.pv().get(0));
                }
            }
            @Override public void bestMove(Move move, Move ponder) {
                best.set(move);
                done.countDown();
            }
        });
        assertTrue(done.await(60, TimeUnit.SECONDS), "the search answered");
        engine.waitForSearch();
        return best.get();
    }

    @Test
    void searchmovesRestrictsTheRootByValue() throws InterruptedException {
        Engine engine = new Engine();
        Position start = engine.startPosition();
        MoveList legal = engine.game().legalMoves(new MoveList());
        for (int i = 0; i < legal.size(); i++) {
            Move only = legal.move(i);
            List<Move> pvFirst = new ArrayList<>();
            Move best = search(engine, SearchLimits.depth(3).withSearchMoves(List.of(only)), pvFirst);
            assertEquals(only, best, notation.format(start, only));
            assertTrue(pvFirst.stream().allMatch(only::equals), "every PV starts with the allowed move");
        }
        // Two allowed moves: the answer is one of them.
        Move a = legal.move(0), b = legal.move(legal.size() - 1);
        Move best = search(engine, SearchLimits.depth(4).withSearchMoves(List.of(a, b)), new ArrayList<>());
        assertTrue(best.equals(a) || best.equals(b));
    }

    @Test
    void aRootMoveThatIsNotLegalRefusesTheSearch() {
        Engine engine = new Engine();
        Position start = engine.startPosition();
        Move c3d4 = notation.parse(start, "c3-d4");
        engine.play(c3d4);
        // c3-d4 again is not a move of the new position (Black to move).
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> engine.go(SearchLimits.depth(2).withSearchMoves(List.of(c3d4)), null));
        assertTrue(e.getMessage().startsWith("searchmoves:"), e.getMessage());
        assertTrue(!engine.searching());
    }

    @Test
    void playAppendsAMoveAndAnIllegalOneChangesNothing() {
        Engine engine = new Engine();
        Position start = engine.startPosition();
        List<Move> line = notation.parseLine(start, List.of("c3-d4", "f6-g5"));
        engine.play(line.get(0));
        engine.play(line.get(1));
        assertEquals(List.of("c3-d4", "f6-g5"), engine.game().moves());
        assertEquals(line, engine.game().moveValues());
        String before = engine.fen();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> engine.play(line.get(0)));
        assertTrue(e.getMessage().startsWith("move 3: illegal move"), e.getMessage());
        assertEquals(before, engine.fen());
        assertEquals(2, engine.game().plies());
    }

    @Test
    void setPositionIsAllOrNothingAndRefusesMovesAfterTheEnd() {
        Engine engine = new Engine();
        Position start = Fen.parse(Variants.RUSSIAN, "W:WKa1:BKh2");
        List<Move> nine = notation.parseLine(start, List.of("a1-b2", "h2-g1", "b2-a1", "g1-h2", "a1-b2", "h2-g1", "b2-a1", "g1-h2", "a1-b2"));
        engine.setPosition(start, nine.subList(0, 2));
        String before = engine.fen();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> engine.setPosition(start, nine));
        assertTrue(e.getMessage().startsWith("move 9: the game is already over"), e.getMessage());
        assertEquals(before, engine.fen());
    }
    /**
     * A client that referees the draw rules itself (a Hub GUI, as lidraughts-bot through
     * pydraughts) plays on where damka's own counts have drawn: FMJD gives three kings against a
     * lone king 16 moves, damka's rules 5. The moves are taken, and the search counts again from
     * the root instead of scoring every move a draw (the root's count was past its limit).
     */
    @Test
    void aClientThatRefereesPlaysOnPastOurDrawCounts() throws InterruptedException {
        Engine engine = new Engine();
        engine.setVariant("international");
        MoveNotation intl = new MoveNotation(engine.rules());
        Position start = Fen.parse(engine.rules(), "W:WK38,K47,K49:BK3");
        List<Move> moves = intl.parseLine(start, List.of("38-33", "3-8", "33-29", "8-3", "29-24", "3-12", "24-20", "12-8", "20-15", "8-3"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> engine.setPosition(start, moves));
        assertTrue(e.getMessage().contains("not won in 5 moves"), e.getMessage());
        engine.setPosition(start, moves, Engine.Referee.CLIENT);
        assertEquals(10, engine.game().plies());
        List<Integer> scores = new ArrayList<>();
        CountDownLatch done = new CountDownLatch(1);
        AtomicReference<Move> best = new AtomicReference<>();
        engine.go(SearchLimits.depth(6), new SearchListener() {
            @Override public void info(SearchInfo info) { synchronized (scores) { scores.add(info.scoreCp()); } }
            @Override public void bestMove(Move move, Move ponder) { best.set(move); done.countDown(); }
        });
        assertTrue(done.await(60, TimeUnit.SECONDS));
        engine.waitForSearch();
        assertTrue(engine.game().legalMoves(new MoveList()).indexOf(best.get()) >= 0);
        synchronized (scores) {
            assertEquals(6, scores.size(), scores.toString());
            assertTrue(scores.get(5) > 50, "the three kings' side sees its edge, not a draw: " + scores);
        }
    }
}
