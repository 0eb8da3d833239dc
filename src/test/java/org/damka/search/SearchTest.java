package org.damka.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.damka.board.Fen;
import org.damka.eval.Evaluations;
import org.damka.game.Game;
import org.damka.movegen.Move;
import org.damka.movegen.MoveList;
import org.damka.movegen.MoveNotation;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

class SearchTest {

    /** Collects reports. */
    static final class Recorder implements SearchListener {
        final List<SearchInfo> infos = new ArrayList<>();
        volatile Move best, ponder;
        final CountDownLatch done = new CountDownLatch(1);

        @Override
        public synchronized void info(SearchInfo info) {
            infos.add(info);
        }

        @Override
        public void bestMove(Move move, Move ponderMove) {
            best = move;
            ponder = ponderMove;
            done.countDown();
        }

        synchronized SearchInfo last() {
            return infos.get(infos.size() - 1);
        }
    }

    static Game game(Rules rules, String fen) {
        return new Game(rules, Fen.parse(rules, fen));
    }

    static Recorder search(Rules rules, String fen, SearchLimits limits) {
        return search(rules, fen, limits, SearchParams.forRules(rules));
    }

    static Recorder search(Rules rules, String fen, SearchLimits limits, SearchParams params) {
        Search s = new Search(rules, Evaluations.forRules(rules), 16);
        s.setParams(params);
        Recorder r = new Recorder();
        s.run(game(rules, fen), limits, 0, r);
        return r;
    }

    @Test
    void aWinIsReportedAsMate() {
        // The white king takes the last black piece.
        Recorder r = search(Variants.RUSSIAN, "W:WKa1:Bd4", SearchLimits.depth(6));
        assertEquals(1, r.last().mateIn());
        String best = new MoveNotation(Variants.RUSSIAN).format(Fen.parse(Variants.RUSSIAN, "W:WKa1:Bd4"), r.best);
        assertTrue(best.startsWith("a1:"), best);
        // Hexagonal draws a blocked side, but a side with no pieces left has still lost.
        Recorder hex = search(Variants.HEXAGONAL, "W:WKg2:Bf2", SearchLimits.depth(4));
        assertEquals(1, hex.last().mateIn());
        // The side to move loses in two: its man must step into the king's capture, or is caught.
        Recorder lost = search(Variants.ENGLISH, "B:WK17,K18,K19:B25", SearchLimits.depth(10));
        assertTrue(lost.last().mateIn() < 0, "mate " + lost.last().mateIn());
    }

    @Test
    void noLegalMoveGivesNoBestMove() {
        Recorder r = search(Variants.RUSSIAN, "W:Wa1:Bb2,c3", SearchLimits.depth(4));
        assertNull(r.best);
    }

    @Test
    void multiPvReportsDistinctLinesInOrder() {
        Rules rules = Variants.RUSSIAN;
        Search s = new Search(rules, Evaluations.forRules(rules), 16);
        s.setMultiPv(3);
        Recorder r = new Recorder();
        s.run(game(rules, rules.startFen()), SearchLimits.depth(6), 0, r);
        List<SearchInfo> lastDepth = r.infos.stream().filter(i -> i.depth() == 6).toList();
        assertEquals(3, lastDepth.size());
        Set<Move> firstMoves = new HashSet<>();
        for (int k = 0; k < 3; k++) {
            assertEquals(k + 1, lastDepth.get(k).multiPv());
            firstMoves.add(lastDepth.get(k).pv().get(0));
            if (k > 0) assertTrue(lastDepth.get(k).scoreCp() <= lastDepth.get(k - 1).scoreCp());
        }
        assertEquals(3, firstMoves.size());
        assertEquals(lastDepth.get(0).pv().get(0), r.best);
    }

    @Test
    void twoThreadsSearchAndCountBothThreadsNodes() {
        Rules rules = Variants.INTERNATIONAL;
        Search s = new Search(rules, Evaluations.forRules(rules), 16);
        s.setThreads(2);
        Recorder r = new Recorder();
        s.run(game(rules, rules.startFen()), SearchLimits.depth(10), 0, r);
        assertNotNull(r.best);
        assertTrue(game(rules, rules.startFen()).legalMoves(new MoveList()).indexOf(r.best) >= 0);
        // Reports count every thread's nodes (helpers may add a few more before they stop). Depth 10
        // stores enough entries that the sample hashfull reads (the first 1000) has some.
        assertTrue(r.last().nodes() > 0 && r.last().nodes() <= s.nodes());
        assertTrue(r.last().hashFull() > 0);
    }

    @Test
    void stopEndsAnInfiniteSearch() throws Exception {
        Rules rules = Variants.ENGLISH;
        Search s = new Search(rules, Evaluations.forRules(rules), 16);
        Recorder r = new Recorder();
        Thread t = new Thread(() -> s.run(game(rules, rules.startFen()), SearchLimits.untilStopped(), 0, r));
        t.start();
        Thread.sleep(150);
        assertEquals(1, r.done.getCount(), "an infinite search waits for stop");
        s.stop();
        assertTrue(r.done.await(2, TimeUnit.SECONDS));
        assertNotNull(r.best);
    }

    @Test
    void ponderHitTurnsPonderingIntoATimedSearch() throws Exception {
        Rules rules = Variants.RUSSIAN;
        Search s = new Search(rules, Evaluations.forRules(rules), 16);
        Recorder r = new Recorder();
        SearchLimits ponder = SearchLimits.moveTime(100).withPonder(true);
        Thread t = new Thread(() -> s.run(game(rules, rules.startFen()), ponder, 0, r));
        t.start();
        Thread.sleep(300);
        assertEquals(1, r.done.getCount(), "pondering does not answer before ponderhit");
        s.ponderHit();
        assertTrue(r.done.await(3, TimeUnit.SECONDS));
        assertNotNull(r.best);
    }

    @Test
    void aSingleLegalMoveIsPlayedAtOnceInATimedGame() {
        // Black must capture: one legal move.
        Rules rules = Variants.RUSSIAN;
        Search s = new Search(rules, Evaluations.forRules(rules), 16);
        Recorder r = new Recorder();
        Game g = game(rules, "B:Wc3,g1:Bd4,h8");
        assertEquals(1, g.legalMoveTexts().size());
        SearchLimits clock = SearchLimits.NONE.withClocks(60_000, 0);
        Move best = s.run(g, clock, 0, r);
        assertEquals(g.legalMoves(new MoveList()).move(0), best);
        assertTrue(s.nodes() < 10, "nodes " + s.nodes());
    }

    @Test
    void theNodeLimitIsKept() {
        Rules rules = Variants.INTERNATIONAL;
        Search s = new Search(rules, Evaluations.forRules(rules), 16);
        s.run(game(rules, rules.startFen()), SearchLimits.nodes(5000), 0, new Recorder());
        assertTrue(s.nodes() <= 5000 + 256, "nodes " + s.nodes());
    }

    /**
     * A search stopped inside an iteration answers the move that iteration has already found
     * better than the last finished one's, and says so with a last line that starts with it. The
     * sweep of node limits (deterministic with one thread) stops inside iterations where the best
     * move changes; without this the answer is always the last finished iteration's first move.
     */
    @Test
    void anUnfinishedIterationsBetterMoveIsPlayed() {
        Rules rules = Variants.RUSSIAN;
        String fen = "W:Wa1,a3,c1,c3,d2,e1,e3,f2,g1,h2,h4:Ba7,b6,b8,c5,d6,d8,e7,f6,g7,h6,h8";
        // Each finished iteration's nodes and first move, from one search to depth 13.
        Recorder full = search(rules, fen, SearchLimits.depth(13));
        long[] nodesAt = new long[14];
        Move[] moveAt = new Move[14];
        for (SearchInfo info : full.infos) {
            nodesAt[info.depth()] = info.nodes();
            moveAt[info.depth()] = info.pv().get(0);
        }
        int fromUnfinished = 0;
        for (long limit = 5_000; limit <= nodesAt[13]; limit += 5_000) {
            Recorder r = search(rules, fen, SearchLimits.nodes(limit));
            SearchInfo last = r.last();
            assertEquals(r.best, last.pv().get(0), "limit " + limit + ": the answer is the last line's first move");
            boolean unfinished = nodesAt[last.depth()] > limit + 256;
            if (unfinished && !r.best.equals(moveAt[last.depth() - 1])) fromUnfinished++;
        }
        assertTrue(fromUnfinished > 0, "no answer came from an unfinished iteration");
    }

    /**
     * The reductions make the search deeper for the same nodes (a node limit and one thread make
     * this deterministic; the internal iterative reduction is off in both, as it deepens too). Before Scan's reductions, 300000 nodes from the start reached depth 10
     * in russian and 9 in international.
     */
    @Test
    void lateMoveReductionsDeepenTheSearchOnTheSameNodes() {
        for (Rules rules : List.of(Variants.RUSSIAN, Variants.INTERNATIONAL)) {
            int[] depth = new int[2];
            for (int on = 0; on < 2; on++) {
                depth[on] = search(rules, rules.startFen(), SearchLimits.nodes(300_000), SearchParams.forRules(rules).withIir(false).withLmr(on == 1)).last().depth();
            }
            // 300k nodes reach depth 9 (russian) and 8 without reductions, 11 and 10 with them.
            assertTrue(depth[1] >= depth[0] + 2, rules.name() + ": depth " + depth[1] + " with reductions, " + depth[0] + " without");
        }
    }

    /**
     * ProbCut searches a node again at the same ply before its move loop; the node's state (its
     * move list, the draw counters) must survive that: wins are still found, and the move played
     * is legal. With ProbCut the search to a fixed depth visits a different tree.
     */
    @Test
    void probCutKeepsWinsAndLegalMoves() {
        changesTheTreeButKeepsWinsAndLegalMoves("ProbCut", q -> q.withProbCut(false), q -> q.withProbCut(true), 8);
    }

    /**
     * Futility skips moves after making them, inside the move loop: the moves kept are still
     * searched from the right position, wins are still found and the move played is legal.
     */
    @Test
    void futilityKeepsWinsAndLegalMoves() {
        changesTheTreeButKeepsWinsAndLegalMoves("futility", q -> q.withFutility(false), q -> q.withFutility(true), 8);
    }

    /**
     * The internal iterative reduction shortens nodes without a table move: wins are still found,
     * the move played is legal, and the tree to a fixed depth differs. ProbCut is off in both:
     * with it on, nodes deep enough to reduce nearly all have a table move (international).
     */
    @Test
    void internalIterativeReductionKeepsWinsAndLegalMoves() {
        changesTheTreeButKeepsWinsAndLegalMoves("IIR", q -> q.withProbCut(false).withIir(false), q -> q.withProbCut(false).withIir(true), 8);
    }

    /**
     * The reduction's plies: none with a table move or too little depth, one at a PV node or a
     * shallow one, two at a non-PV node from {@code twoPlyDepth} on.
     */
    @Test
    void internalIterativeReductionTakesTwoPliesOnlyFromDeepNonPvNodes() {
        SearchParams.InternalReduction r = SearchParams.InternalReduction.OFF.withOn(true).withTwoPlyDepth(8);
        assertEquals(0, r.plies(20, 123, false), "a table move");
        assertEquals(0, r.plies(3, 0, false), "below the minimum depth");
        assertEquals(1, r.plies(4, 0, false));
        assertEquals(1, r.plies(7, 0, false));
        assertEquals(2, r.plies(8, 0, false));
        assertEquals(1, r.plies(12, 0, true), "a PV node");
        assertEquals(0, r.withOn(false).plies(12, 0, false), "off");
    }

    /** The second ply of the reduction at deep nodes changes the tree but keeps wins and legal moves. */
    @Test
    void internalIterativeReductionsSecondPlyKeepsWinsAndLegalMoves() {
        changesTheTreeButKeepsWinsAndLegalMoves("IIR's second ply",
                q -> q.withProbCut(false).withIir(SearchParams.InternalReduction.OFF.withOn(true)),
                q -> q.withProbCut(false).withIir(SearchParams.InternalReduction.OFF.withOn(true).withTwoPlyDepth(8)), 12);
    }

    /**
     * A search with a selective part switched on still finds a win in one, plays legal moves from
     * the start positions, and searches a different tree there than with it off (fixed depth).
     * off and on turn the variant's parameters into the two configurations.
     */
    private static void changesTheTreeButKeepsWinsAndLegalMoves(String what, java.util.function.UnaryOperator<SearchParams> off,
                                                               java.util.function.UnaryOperator<SearchParams> on, int depth) {
        Search s = new Search(Variants.RUSSIAN, Evaluations.forRules(Variants.RUSSIAN), 16);
        s.setParams(on.apply(SearchParams.forRules(Variants.RUSSIAN)));
        Recorder win = new Recorder();
        s.run(game(Variants.RUSSIAN, "W:WKa1:Bd4"), SearchLimits.depth(6), 0, win);
        assertEquals(1, win.last().mateIn());
        for (Rules rules : List.of(Variants.RUSSIAN, Variants.INTERNATIONAL, Variants.ENGLISH)) {
            long[] nodes = new long[2];
            for (int k = 0; k < 2; k++) {
                Search t = new Search(rules, Evaluations.forRules(rules), 16);
                SearchParams p = SearchParams.forRules(rules);
                t.setParams(k == 1 ? on.apply(p) : off.apply(p));
                Recorder r = new Recorder();
                Game g = game(rules, rules.startFen());
                t.run(g, SearchLimits.depth(depth), 0, r);
                nodes[k] = t.nodes();
                assertTrue(g.legalMoves(new MoveList()).indexOf(r.best) >= 0, rules.name() + " " + r.best);
            }
            assertTrue(nodes[1] != nodes[0], rules.name() + ": " + what + " changed nothing: " + nodes[0] + " nodes");
        }
    }

    /**
     * With the horizon's promotions, a man that can crown just beyond the depth searched is seen
     * crowning: at depth 1 White's moves are answered by Black's evaluation alone without them,
     * by the crowning b2-a1 with them.
     */
    @Test
    void theHorizonSeesAPromotionWithQuiescenceMoves() {
        Rules rules = Variants.RUSSIAN;
        int[] score = new int[2];
        for (int on = 0; on < 2; on++) {
            Search s = new Search(rules, Evaluations.forRules(rules), 16);
            s.setParams(SearchParams.forRules(rules).withQuiescence(SearchParams.Quiescence.NONE.withPromotions(on == 1)));
            Recorder r = new Recorder();
            s.run(game(rules, "W:We3,h4:Bb2"), SearchLimits.depth(1), 0, r);
            score[on] = r.last().scoreCp();
        }
        assertTrue(score[1] < score[0] - 50, "without " + score[0] + ", with " + score[1]);
    }

    /** The horizon's clean exchanges (on in every variant) change the tree but keep wins and legal moves. */
    @Test
    void cleanExchangesAtTheHorizonKeepWinsAndLegalMoves() {
        changesTheTreeButKeepsWinsAndLegalMoves("clean exchanges", q -> q.withQuiescence(SearchParams.Quiescence.NONE), q -> q, 6);
    }

    @Test
    void theEndgameDrawRuleIsScoredInTheTree() {
        // Russian: three pieces against a lone king on the long diagonal are drawn unless taken by
        // the 5th move. Bring the count to 4 with harmless king moves, then nothing wins in one.
        Rules rules = Variants.RUSSIAN;
        Game g = game(rules, "W:WKc1,Ke1,Kg1:BKh8");
        for (String m : List.of("c1-d2", "h8-g7", "e1-f2", "g7-h8", "d2-c1", "h8-g7", "f2-e1", "g7-h8")) g.play(m);
        assertTrue(g.result().isEmpty());
        Search s = new Search(rules, Evaluations.forRules(rules), 16);
        Recorder r = new Recorder();
        s.run(g, SearchLimits.depth(8), 0, r);
        assertEquals(0, r.last().scoreCp(), "drawn by the 5-move rule within the search");
        assertEquals(0, r.last().mateIn());
        // Without the history the same position is scored from the (scaled) evaluation.
        Recorder fresh = search(rules, Fen.format(rules, g.position()), SearchLimits.depth(6));
        assertTrue(fresh.last().scoreCp() != 0 || fresh.last().mateIn() != 0);
    }

    @Test
    void searchAllocatesNothingPerNode() {
        com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        Rules rules = Variants.ENGLISH;
        Search s = new Search(rules, Evaluations.forRules(rules), 16);
        Game g = game(rules, rules.startFen());
        SearchListener quiet = new SearchListener() {
            public void info(SearchInfo info) { }
            public void bestMove(Move move, Move ponder) { }
        };
        s.run(g, SearchLimits.depth(10), 0, quiet); // warm-up
        s.clear();
        long before = bean.getThreadAllocatedBytes(Thread.currentThread().getId());
        s.run(g, SearchLimits.depth(12), 0, quiet);
        long allocated = bean.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
        long nodes = s.nodes();
        assertTrue(nodes > 100_000);
        // Reports and the final move text allocate a little per iteration, never per node.
        assertTrue(allocated < 150_000, allocated + " bytes for " + nodes + " nodes");
    }

    @Test
    void transpositionTableKeepsEntriesAndWinDistances() {
        TranspositionTable tt = new TranspositionTable(1);
        tt.store(12345L, 777, -321, 9, TranspositionTable.BOUND_LOWER);
        long data = tt.probe(12345L);
        assertEquals(777, TranspositionTable.move(data));
        assertEquals(-321, TranspositionTable.score(data));
        assertEquals(9, TranspositionTable.depth(data));
        assertEquals(TranspositionTable.BOUND_LOWER, TranspositionTable.bound(data));
        assertEquals(0, tt.probe(54321L));
        // A node that failed low stores no move (Worker): the move an earlier visit proved stays.
        tt.store(12345L, 0, -400, 10, TranspositionTable.BOUND_UPPER);
        data = tt.probe(12345L);
        assertEquals(777, TranspositionTable.move(data));
        assertEquals(TranspositionTable.BOUND_UPPER, TranspositionTable.bound(data));
        assertEquals(10, TranspositionTable.depth(data));
        // A win in 5 plies seen 3 plies below the root is stored as a win 8 plies from that node's root view.
        int win = Search.WIN - 8;
        assertEquals(win, Worker.fromTt(Worker.toTt(win, 3), 3));
        assertEquals(Search.WIN - 5, Worker.toTt(win, 3));
        assertEquals(-(Search.WIN - 5), Worker.toTt(-win, 3));
        AtomicReference<String> none = new AtomicReference<>();
        assertNull(none.get());
    }
}
