package org.damka.search;

import java.util.ArrayList;
import java.util.List;

import org.damka.board.Position;
import org.damka.eval.Evaluator;
import org.damka.game.Game;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.damka.movegen.MoveNotation;
import org.damka.rules.Rules;

/**
 * Iterative-deepening alpha-beta search. Positions, move lists and principal variations live in
 * arrays preallocated per ply, so the search allocates nothing below the root. It never prints:
 * it reports through a {@link SearchListener}. Stop requests are a volatile flag polled every
 * few thousand nodes.
 */
public final class Search {
    public static final int MAX_PLY = 128;
    public static final int WIN = 30_000;
    /** Scores beyond this are wins or losses found by the search. */
    public static final int WIN_BOUND = WIN - 1000;
    private static final int INF = WIN + 1;

    private final Rules rules;
    private final MoveGenerator generator;
    private final Evaluator evaluator;
    private final MoveNotation notation;
    private final Position[] stack = new Position[MAX_PLY + 1];
    private final MoveList[] lists = new MoveList[MAX_PLY + 1];
    private final MoveList[] pv = new MoveList[MAX_PLY + 2];
    /** Hashes of the game's reversible tail followed by those of the current line. */
    private final long[] hashes = new long[1024 + MAX_PLY];
    private final int[] reversible = new int[MAX_PLY + 1];
    private int historyLength;
    private final int reversibleLimitPlies;

    private volatile boolean stopRequested;
    private volatile boolean pondering;
    /** Set by {@link #prepare}: run() then keeps the flags (a stop may already have come). */
    private boolean prepared;
    /** When prepare() was called: the clock of the move runs from then. */
    private long preparedAt;
    private long nodes;
    private int selDepth;
    private long nodeLimit;
    private volatile TimeManager time;

    public Search(Rules rules, Evaluator evaluator) {
        this.rules = rules;
        this.generator = MoveGenerator.create(rules);
        this.evaluator = evaluator;
        this.notation = new MoveNotation(rules);
        for (int i = 0; i <= MAX_PLY; i++) {
            stack[i] = new Position();
            lists[i] = new MoveList();
        }
        for (int i = 0; i < pv.length; i++) pv[i] = new MoveList();
        int r = rules.draws().reversibleMoves();
        reversibleLimitPlies = r > 0 ? 2 * r : Integer.MAX_VALUE;
    }

    /** Asks a running search to stop as soon as possible. Thread-safe. */
    public void stop() {
        stopRequested = true;
    }

    /**
     * Clears the stop and ponder flags for the next {@link #run}. Call it before starting the
     * thread that runs the search: a stop or ponder hit that arrives before that thread reaches
     * run() is then kept instead of being wiped out by it. The move's clock starts here too, so
     * the time until that thread runs counts against the move.
     */
    public void prepare(SearchLimits limits) {
        stopRequested = false;
        pondering = limits.ponder();
        preparedAt = System.nanoTime();
        prepared = true;
    }

    /** A pondering search becomes a normal search, its clock starting now. Ignored otherwise. */
    public void ponderHit() {
        if (!pondering) return;
        TimeManager t = time;
        if (t != null) t.restart();
        pondering = false;
    }

    public long nodes() {
        return nodes;
    }

    /**
     * Searches the game's current position within the limits and reports the best move. Returns
     * the best move's text, or null when the side to move has no legal move.
     */
    public String run(Game game, SearchLimits limits, long moveOverheadMs, SearchListener listener) {
        if (!prepared) {
            stopRequested = false;
            pondering = limits.ponder();
            preparedAt = System.nanoTime();
        }
        prepared = false;
        nodes = 0;
        selDepth = 0;
        nodeLimit = limits.nodes() > 0 ? limits.nodes() : Long.MAX_VALUE;
        Position root = stack[0];
        root.copyFrom(game.position());
        time = new TimeManager(limits, root.sideToMove(), moveOverheadMs, game.plies(), preparedAt);
        loadHistory(game);

        MoveList rootMoves = lists[0];
        int n = generator.generate(root, rootMoves);
        if (!limits.searchMoves().isEmpty()) n = restrictRoot(root, rootMoves, limits.searchMoves());
        if (n == 0) {
            listener.bestMove(null, null);
            return null;
        }
        boolean timed = limits.moveTime() > 0 || limits.hasClock(root.sideToMove());
        int maxDepth = limits.depth() > 0 ? Math.min(limits.depth(), MAX_PLY - 1) : MAX_PLY - 1;
        String best = notation.format(root, rootMoves, 0);
        String ponder = null;
        // A forced move in a timed game is played at once.
        boolean forced = n == 1 && timed && !limits.infinite() && !limits.ponder();
        for (int depth = 1; depth <= maxDepth && !forced; depth++) {
            int score = searchNode(0, depth, -INF, INF);
            if (stopRequested && depth > 1) break;
            List<String> line = principalVariation();
            if (!line.isEmpty()) {
                best = line.get(0);
                ponder = line.size() > 1 ? line.get(1) : null;
            }
            moveToFront(rootMoves, pv[0]);
            report(listener, depth, score, line);
            if (stopRequested) break;
            if (Math.abs(score) >= WIN_BOUND && limits.depth() == 0 && depth > 2 * (WIN - Math.abs(score))) break;
            if (!pondering && !limits.infinite() && time.softExpired()) break;
        }
        // Infinite and ponder searches answer only when told to stop (or on ponder hit).
        while ((limits.infinite() || pondering) && !stopRequested) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        listener.bestMove(best, ponder);
        return best;
    }

    /** Keeps only the root moves named in {@code searchmoves} (slow path, once per search). */
    private int restrictRoot(Position root, MoveList moves, List<String> allowed) {
        MoveList kept = new MoveList();
        for (int i = 0; i < moves.size(); i++) {
            if (allowed.contains(notation.format(root, moves, i))) kept.addFrom(moves, i);
        }
        moves.clear();
        for (int i = 0; i < kept.size(); i++) moves.addFrom(kept, i);
        return moves.size();
    }

    private void loadHistory(Game game) {
        int tail = Math.min(game.reversiblePlies(), 1023);
        historyLength = 0;
        for (int ply = game.plies() - tail; ply < game.plies(); ply++) {
            hashes[historyLength++] = game.positionAt(ply).hash();
        }
        reversible[0] = game.reversiblePlies();
    }

    private void report(SearchListener listener, int depth, int score, List<String> line) {
        long ms = time.elapsedMs();
        int mate = 0;
        if (Math.abs(score) >= WIN_BOUND) {
            int plies = WIN - Math.abs(score);
            mate = score > 0 ? (plies + 1) / 2 : -(plies + 1) / 2;
        }
        listener.info(new SearchInfo(depth, selDepth, score, mate, nodes, ms > 0 ? nodes * 1000 / ms : nodes * 1000,
                ms, 0, 1, line));
    }

    private List<String> principalVariation() {
        List<String> out = new ArrayList<>();
        Position p = new Position(stack[0]);
        MoveList line = pv[0];
        MoveList legal = new MoveList();
        for (int i = 0; i < line.size(); i++) {
            generator.generate(p, legal);
            int found = -1;
            for (int j = 0; j < legal.size(); j++) if (legal.sameMove(j, line, i)) found = j;
            if (found < 0) break;
            out.add(notation.format(p, legal, found));
            legal.play(p, found);
        }
        return out;
    }

    private static void moveToFront(MoveList moves, MoveList line) {
        if (line.size() == 0) return;
        for (int i = 0; i < moves.size(); i++) {
            if (moves.sameMove(i, line, 0)) {
                for (int j = i; j > 0; j--) moves.swap(j, j - 1);
                return;
            }
        }
    }

    private boolean shouldStop() {
        if (stopRequested) return true;
        if (nodes >= nodeLimit) {
            stopRequested = true;
        } else if ((nodes & 1023) == 0 && !pondering && time.hardExpired()) {
            stopRequested = true;
        }
        return stopRequested;
    }

    /** True if the position at this ply is drawn by repetition or the reversible-move counter. */
    private boolean isDraw(int ply) {
        if (reversible[ply] >= reversibleLimitPlies) return true;
        long h = stack[ply].hash();
        int limit = historyLength + ply;
        // Same side to move: every second entry back, within the reversible tail.
        for (int k = limit - 2, back = 2; k >= 0 && back <= reversible[ply]; k -= 2, back += 2) {
            if (hashes[k] == h) return true;
        }
        return false;
    }

    private int searchNode(int ply, int depth, int alpha, int beta) {
        pv[ply].clear();
        nodes++;
        if (ply > selDepth) selDepth = ply;
        if (ply > 0) {
            if (shouldStop()) return 0;
            if (isDraw(ply)) return 0;
        }
        Position p = stack[ply];
        MoveList moves = lists[ply];
        int n = ply == 0 ? moves.size() : generator.generate(p, moves);
        if (n == 0) return rules.noMoveLoses() ? -(WIN - ply) : 0;
        if (ply >= MAX_PLY - 1) return evaluator.evaluate(p);
        // At the horizon a quiet position is evaluated; a position with a capture never is.
        if (depth <= 0 && !moves.isCapture(0)) return evaluator.evaluate(p);
        int best = -INF;
        hashes[historyLength + ply] = p.hash();
        Position child = stack[ply + 1];
        for (int i = 0; i < n; i++) {
            child.copyFrom(p);
            moves.play(child, i);
            reversible[ply + 1] = moves.isCapture(i) || !p.isKing(moves.from(i)) ? 0 : reversible[ply] + 1;
            // Captures are forced: they do not use up depth, so the horizon never splits one.
            int nextDepth = moves.isCapture(i) ? depth - (n == 1 ? 0 : 1) : depth - 1;
            int score = -searchNode(ply + 1, nextDepth, -beta, -Math.max(alpha, best));
            if (stopRequested && ply > 0) return 0;
            if (score > best) {
                best = score;
                if (score > alpha) updatePv(ply, moves, i);
                if (score >= beta) break;
            }
            if (stopRequested) break;
        }
        return best;
    }

    private void updatePv(int ply, MoveList moves, int i) {
        MoveList line = pv[ply];
        line.clear();
        line.addFrom(moves, i);
        MoveList rest = pv[ply + 1];
        for (int k = 0; k < rest.size(); k++) line.addFrom(rest, k);
    }
}
