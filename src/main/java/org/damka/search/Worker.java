package org.damka.search;

import org.damka.board.Position;
import org.damka.egdb.Egdb;
import org.damka.egdb.EgdbValue;
import org.damka.eval.Evaluator;
import org.damka.game.Game;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.damka.rules.Rules;

/**
 * One thread's search: iterative deepening, principal variation search with aspiration windows at
 * the root, a transposition table shared with the other threads, late move reductions as Scan 2.0
 * makes them (its ProbCut too, and Stockfish's internal iterative reduction, each on where a
 * match showed a gain: {@link SearchParams#forRules}), forced-move extension and a capture
 * quiescence (a position where the side to move must capture is never evaluated) that also tries
 * clean one-for-one exchanges. Moves are ordered by a {@link MovePicker}; every draw rule of the
 * variant is scored inside the tree by a {@link DrawTracker}.
 *
 * <p>All state lives in arrays preallocated per ply; below {@link #iterate} nothing is allocated.
 * Only the main worker (index 0) reads the clock and reports.
 */
final class Worker {
    static final int MAX_PLY = Search.MAX_PLY;
    static final int WIN = Search.WIN, WIN_BOUND = Search.WIN_BOUND, INF = WIN + 1;

    private final Search owner;
    final int index;
    private final Rules rules;
    private final MoveGenerator generator;
    private final Evaluator evaluator;
    /** The evaluation's terms kept move by move along the line (null: it has none). */
    private final Evaluator.Incremental incremental;
    private final TranspositionTable tt;
    SearchParams params;

    final Position[] stack = new Position[MAX_PLY + 2];
    final MoveList[] lists = new MoveList[MAX_PLY + 2];
    final MoveList[] pv = new MoveList[MAX_PLY + 2];
    private final Position scratch = new Position();
    private final MovePicker picker;
    private final DrawTracker draws;
    /** What the line to each ply has used up, once a line: {@link #THREAT_EXTENDED}, {@link #EXCHANGE_OFFERED}. */
    private final int[] lineFlags = new int[MAX_PLY + 2];
    private static final int THREAT_EXTENDED = 1, EXCHANGE_OFFERED = 2;
    /** True while a ProbCut search runs: no ProbCut inside it. */
    private boolean probing;

    long nodes;
    /** Positions answered by the endgame tables in this search; the tables (null: none). */
    long tbHits;
    private Egdb tables;
    int selDepth;
    /** Root moves with their last scores; the best is kept first (MultiPV: the first k). */
    final MoveList rootMoves = new MoveList();
    final int[] rootScores = new int[MoveList.CAPACITY];
    final MoveList[] pvLines;
    final int[] pvScores;
    /** Read by the other threads (helpers follow the main thread; the deepest result wins). */
    volatile int completedDepth;
    /**
     * A root move that beat the first one in an iteration that did not finish (one line only):
     * its line, score and depth. The first move of an iteration is the last one's best, so this
     * move is better at a depth the last complete iteration did not reach.
     */
    final MoveList partialLine = new MoveList(MAX_PLY + 2);
    int partialScore, partialDepth;

    Worker(Search owner, int index, Rules rules, Evaluator evaluator, TranspositionTable tt, SearchParams params) {
        this.owner = owner;
        this.index = index;
        this.rules = rules;
        this.generator = MoveGenerator.create(rules);
        this.evaluator = evaluator;
        this.incremental = evaluator.incremental(MAX_PLY + 2);
        this.tt = tt;
        this.params = params;
        this.picker = new MovePicker(MAX_PLY + 2, rules.geometry().layoutBits());
        this.draws = new DrawTracker(rules, MAX_PLY + 2);
        // A line from ply i has at most the plies left: the lines take that, not a position's
        // worth of moves each (a worker's lines took 3.8 MB of its 7; the browser board's
        // rooms each hold one, and Lazy SMP's helpers too).
        for (int i = 0; i < stack.length; i++) {
            stack[i] = new Position();
            lists[i] = new MoveList();
            pv[i] = new MoveList(stack.length - i);
        }
        pvLines = new MoveList[Search.MAX_MULTI_PV];
        pvScores = new int[Search.MAX_MULTI_PV];
        for (int i = 0; i < pvLines.length; i++) pvLines[i] = new MoveList(stack.length);
    }

    /** Lets the tables of the last search go (they may be dropped to make room for others). */
    void forgetTables() {
        tables = null;
    }

    /** Sets up the root from the game: position, history for repetitions, draw counters. */
    void prepare(Game game) {
        Position root = stack[0];
        root.copyFrom(game.position());
        draws.prepare(game);
        if (incremental != null) incremental.reset(0, root);
        generator.generate(root, rootMoves);
        for (int i = 0; i < rootMoves.size(); i++) rootScores[i] = -INF;
        nodes = 0;
        tbHits = 0;
        tables = owner.egdb();
        selDepth = 0;
        completedDepth = 0;
        partialDepth = 0;
        picker.newSearch();
        lineFlags[0] = 0;
    }

    /** Forgets move-ordering statistics (new game, bench). */
    void clearHistory() {
        picker.clearHistory();
    }

    // ---------------------------------------------------------------------------------------
    // Root
    // ---------------------------------------------------------------------------------------

    /**
     * Searches the root to the given depth for MultiPV lines 0..lines-1 with aspiration windows.
     * Returns false if stopped before the iteration completed.
     */
    boolean iteration(int depth, int lines) {
        int n = rootMoves.size();
        lines = Math.min(lines, n);
        for (int pvIdx = 0; pvIdx < lines; pvIdx++) {
            int prev = pvScores[pvIdx];
            int delta = params.aspirationDelta();
            int alpha = -INF, beta = INF;
            if (params.aspiration() && depth >= 4 && Math.abs(prev) < WIN_BOUND) {
                alpha = Math.max(-INF, prev - delta);
                beta = Math.min(INF, prev + delta);
            }
            int score;
            while (true) {
                score = searchRoot(depth, alpha, beta, pvIdx);
                if (owner.stopped()) return false;
                if (score <= alpha && alpha > -INF) {
                    beta = (alpha + beta) / 2;
                    alpha = Math.max(-INF, score - delta);
                } else if (score >= beta && beta < INF) {
                    beta = Math.min(INF, score + delta);
                } else {
                    break;
                }
                delta += delta;
                if (delta > 1000) {
                    if (score <= alpha) alpha = -INF; else beta = INF;
                }
            }
            pvScores[pvIdx] = score;
            MoveList line = pvLines[pvIdx];
            copyRootPv(line);
            if (line.size() == 0) line.addFrom(rootMoves, pvIdx);
            keepLinesInOrder(pvIdx);
        }
        completedDepth = depth;
        return true;
    }

    /**
     * Moves the MultiPV line just completed up past the lines before it that scored less: a
     * reduced search may have underrated its move while it was searched behind an earlier line.
     */
    private void keepLinesInOrder(int pvIdx) {
        for (int k = pvIdx; k > 0 && pvScores[k] > pvScores[k - 1]; k--) {
            swapRootMoves(k, k - 1);
            int s = pvScores[k]; pvScores[k] = pvScores[k - 1]; pvScores[k - 1] = s;
            MoveList line = pvLines[k]; pvLines[k] = pvLines[k - 1]; pvLines[k - 1] = line;
        }
    }

    private void swapRootMoves(int i, int j) {
        rootMoves.swap(i, j);
        int s = rootScores[i]; rootScores[i] = rootScores[j]; rootScores[j] = s;
    }

    /** Root node over moves first..n-1; the best one is moved to position {@code first}. */
    private int searchRoot(int depth, int alpha, int beta, int first) {
        Position p = stack[0];
        MoveList moves = rootMoves;
        int n = moves.size();
        pv[0].clear();
        nodes++;
        draws.enter(0, p);
        int best = -INF, bestIndex = first;
        int originalAlpha = alpha;
        for (int i = first; i < n; i++) {
            makeChild(0, moves, i);
            lineFlags[1] = 0;
            pv[1].clear();
            int newDepth = n == 1 ? depth : depth - 1;
            int score;
            if (i == first) {
                score = -search(1, newDepth, -beta, -alpha);
            } else {
                score = -search(1, newDepth, -alpha - 1, -alpha);
                if (score > alpha && score < beta && !owner.stopped()) score = -search(1, newDepth, -beta, -alpha);
            }
            if (owner.stopped()) return best == -INF ? 0 : best;
            rootScores[i] = score;
            if (score > best) {
                best = score;
                bestIndex = i;
                if (score > alpha) {
                    updatePv(0, moves, i);
                    if (first == 0 && i > 0) rememberPartial(depth, score);
                    alpha = score;
                    if (score >= beta) break;
                }
            }
        }
        // Best move to the front of its MultiPV slot, the rest keep their order.
        for (int j = bestIndex; j > first; j--) swapRootMoves(j, j - 1);
        if (first == 0 && best > originalAlpha && best < beta) {
            tt.store(rootKey(), moves.key(0), toTt(best, 0), depth, TranspositionTable.BOUND_EXACT);
        }
        return best;
    }

    private void rememberPartial(int depth, int score) {
        copyRootPv(partialLine);
        partialScore = score;
        partialDepth = depth;
    }

    /** Copies the root's principal variation into a line kept after the search. */
    private void copyRootPv(MoveList into) {
        into.clear();
        for (int k = 0; k < pv[0].size(); k++) into.addFrom(pv[0], k);
    }

    private long rootKey() {
        return key(0);
    }

    // ---------------------------------------------------------------------------------------
    // Interior nodes
    // ---------------------------------------------------------------------------------------

    /**
     * The score of a side to move without a legal move: lost when it has no pieces left (every
     * variant) or when its rules make a blocked side lose; else (a blocked side in hexagonal) a draw.
     */
    private int noMoveScore(Position p, int ply) {
        return rules.noMoveLoses() || p.count(p.sideToMove()) == 0 ? -(WIN - ply) : 0;
    }

    private int search(int ply, int depth, int alpha, int beta) {
        Position p = stack[ply];
        boolean pvNode = beta - alpha > 1;
        if (pvNode) pv[ply].clear();
        if ((++nodes & 255) == 0) owner.poll(this);
        if (owner.stopped()) return 0;
        if (ply > selDepth) selDepth = ply;
        draws.enter(ply, p);

        // Step 1. Draw rules; a side without a move has still lost (the loss comes first).
        int countdown = draws.countdown(ply, p);
        if (countdown <= 0 || draws.repeated(ply, p)) {
            if (generator.hasCapture(p) || generator.countMoves(p) > 0) return 0;
            return noMoveScore(p, ply);
        }

        // Step 1b. Endgame tables (issue 15, org.damka.egdb): below the root, a position they hold
        // has its exact value; a win or loss counts only if it ends before a draw rule could.
        if (tables != null && ply > 0 && p.count(0) + p.count(1) <= tables.maxPieces()) {
            int v = tables.probe(p);
            if (v != EgdbValue.UNKNOWN && (v == EgdbValue.DRAW || EgdbValue.distance(v) <= countdown)) {
                tbHits++;
                return v == EgdbValue.DRAW ? 0 : EgdbValue.isWin(v) ? WIN - ply - EgdbValue.distance(v) : -(WIN - ply - EgdbValue.distance(v));
            }
        }

        // Step 2. Horizon: a quiet position is evaluated (a blocked one has lost).
        if (depth <= 0 && !generator.hasCapture(p)) {
            if (generator.countQuietMoves(p) == 0) return noMoveScore(p, ply);
            if (params.threatExtension() && (lineFlags[ply] & THREAT_EXTENDED) == 0 && ply < MAX_PLY - 2 && opponentThreatens(p)) {
                depth = 1;
                lineFlags[ply] |= THREAT_EXTENDED;
            } else {
                int stand = clamp(evaluate(ply, p));
                if (stand >= beta || !params.quiescence().any() || ply >= MAX_PLY - 2) return stand;
                return quietQuiescence(ply, stand, alpha, beta, pvNode);
            }
        }
        if (ply >= MAX_PLY - 1) return clamp(evaluate(ply, p));

        // Step 3. Mate distance: no line from here beats a win already found nearer the root.
        alpha = Math.max(alpha, -(WIN - ply));
        beta = Math.min(beta, WIN - ply - 1);
        if (alpha >= beta) return alpha;

        // Step 4. Transposition table.
        long key = DrawTracker.tableKey(p, countdown);
        int ttMove = 0;
        // Capture sequences below the horizon are short and many: the table is not worth a cache miss there.
        long data = depth > 0 ? tt.probe(key) : 0;
        if (data != 0) {
            ttMove = TranspositionTable.move(data);
            if (!pvNode && TranspositionTable.depth(data) >= Math.max(0, depth)) {
                int s = fromTt(TranspositionTable.score(data), ply);
                int bound = TranspositionTable.bound(data);
                if (bound == TranspositionTable.BOUND_EXACT
                        || (bound == TranspositionTable.BOUND_LOWER && s >= beta)
                        || (bound == TranspositionTable.BOUND_UPPER && s <= alpha)) {
                    return s;
                }
            }
        }

        // Step 4a. Internal iterative reduction: no table move, a ply or two less (SearchParams.InternalReduction).
        depth -= params.iir().plies(depth, ttMove, pvNode);

        // Step 4b. ProbCut: if a shallow search of this node beats a raised bound, a full one
        // would most likely beat beta. It searches this same position at this ply, before the
        // move list of the ply is built.
        SearchParams.ProbCut pc = params.probCut();
        if (pc.on() && !pvNode && !probing && depth >= pc.minDepth() && Math.abs(beta) < WIN_BOUND) {
            int margin = pc.marginPerPly() * depth;
            int raised = beta + margin;
            probing = true;
            int s = search(ply, depth * pc.depthPercent() / 100, raised - 1, raised);
            probing = false;
            if (owner.stopped()) return 0;
            if (s >= raised) return s - margin;
        }

        // Step 5. Moves.
        MoveList moves = lists[ply];
        int n = generator.generate(p, moves);
        if (n == 0) return noMoveScore(p, ply);
        boolean captures = moves.isCapture(0);
        picker.score(ply, p, moves, n, ttMove, captures, params);
        // Step 5b. Futility: one ply from the horizon, far below alpha, quiet moves that change
        // nothing the horizon would see are skipped (SearchParams.Futility).
        SearchParams.Futility futility = params.futility();
        boolean futile = futility.on() && !pvNode && depth == 1 && !captures && Math.abs(alpha) < WIN_BOUND
                && clamp(evaluate(ply, p)) + futility.margin() <= alpha;

        // Step 6. Move loop (PVS).
        int best = -INF, bestKey = 0, bestIndex = -1;
        int originalAlpha = alpha;
        int side = p.sideToMove();
        for (int i = 0; i < n; i++) {
            picker.pick(ply, moves, i, n);
            makeChild(ply, moves, i);
            if (futile && i > 0 && !moves.promotes(i) && !generator.hasCapture(stack[ply + 1])) continue;
            lineFlags[ply + 1] = lineFlags[ply];
            if (pvNode) pv[ply + 1].clear();
            // A forced move does not use depth, so forced sequences are seen to their end.
            int newDepth = n == 1 ? depth : depth - 1;
            int score;
            if (i == 0) {
                score = -search(ply + 1, newDepth, -beta, -alpha);
            } else {
                // A reduced move still gets at least one ply of its own before the horizon.
                int reduction = captures || moves.promotes(i) ? 0
                        : Math.max(0, Math.min(params.lmr().plies(depth, i, pvNode), newDepth - 1));
                if (reduction > 0 && !params.lmr().killers() && picker.isKiller(ply, i)) reduction = 0;
                if (reduction > 0 && !params.lmr().exchangeOffers() && generator.hasCapture(stack[ply + 1])) reduction = 0;
                score = -search(ply + 1, newDepth - reduction, -alpha - 1, -alpha);
                if (reduction > 0 && score > alpha && !owner.stopped()) {
                    score = -search(ply + 1, newDepth, -alpha - 1, -alpha);
                }
                if (pvNode && score > alpha && score < beta && !owner.stopped()) {
                    score = -search(ply + 1, newDepth, -beta, -alpha);
                }
            }
            if (owner.stopped()) return 0;
            if (score > best) {
                best = score;
                bestKey = moves.key(i);
                bestIndex = i;
                if (score > alpha) {
                    alpha = score;
                    if (pvNode) updatePv(ply, moves, i);
                    if (score >= beta) {
                        if (!captures) picker.rememberCutoff(ply, side, moves, i, depth);
                        break;
                    }
                }
            }
        }

        // Step 7. Remember the result.
        if (best > originalAlpha && !captures && n > 1 && params.history() == SearchParams.History.SUCCESS) {
            picker.rememberBest(side, moves, bestIndex);
        }
        int bound = best >= beta ? TranspositionTable.BOUND_LOWER
                : best > originalAlpha ? TranspositionTable.BOUND_EXACT : TranspositionTable.BOUND_UPPER;
        // A node that failed low has no best move, only the least refuted one: it stores none (as
        // Scan and Stockfish), so the table keeps the move an earlier visit proved, which orders the
        // next visit far better (international's tree to depth 20 from the start: 51.0 M -> 30.5 M).
        if (depth > 0) tt.store(key, best > originalAlpha ? bestKey : 0, toTt(best, ply), depth, bound);
        return best;
    }

    /**
     * The horizon of a quiet position whose evaluation (stand) is below beta: the quiet moves of
     * {@link SearchParams.Quiescence} that can still change the material are searched at depth 0
     * (their capture sequences follow); the evaluation stands if none does better. An exchange is
     * offered once a line, so the horizon cannot chain exchange after exchange.
     */
    private int quietQuiescence(int ply, int stand, int alpha, int beta, boolean pvNode) {
        Position p = stack[ply];
        SearchParams.Quiescence q = params.quiescence();
        boolean exchanges = q.exchanges() && (p.kingsLo() | p.kingsHi()) == 0
                && (lineFlags[ply] & EXCHANGE_OFFERED) == 0 && !opponentThreatens(p);
        if (!exchanges && !q.promotions()) return stand;
        MoveList moves = lists[ply];
        int n = generator.generateQuietMoves(p, moves);
        Position child = stack[ply + 1];
        int best = stand;
        if (stand > alpha) alpha = stand;
        for (int i = 0; i < n; i++) {
            boolean promotion = q.promotions() && moves.promotes(i);
            if (!promotion && !exchanges) continue;
            child.copyFrom(p);
            moves.play(child, i);
            if (!promotion && !cleanExchange(ply + 1)) continue;
            draws.play(ply, p, child, moves, i);
            if (incremental != null) incremental.update(ply, p, child);
            lineFlags[ply + 1] = lineFlags[ply] | (promotion ? 0 : EXCHANGE_OFFERED);
            if (pvNode) pv[ply + 1].clear();
            int score = -search(ply + 1, 0, -beta, -alpha);
            if (owner.stopped()) return 0;
            if (score > best) {
                best = score;
                if (score > alpha) {
                    alpha = score;
                    if (pvNode) updatePv(ply, moves, i);
                    if (score >= beta) break;
                }
            }
        }
        return best;
    }

    /**
     * True if the position at this ply, just after a quiet man move, offers a clean one-for-one
     * exchange: the side to move must capture, every capture it has takes one piece, and after
     * each the other side can capture back. (Sacrifices and two-for-one shots are left to the
     * full-width search.) Uses the next ply's list and position as scratch.
     */
    private boolean cleanExchange(int ply) {
        Position p = stack[ply];
        if (!generator.hasCapture(p)) return false;
        MoveList replies = lists[ply];
        int n = generator.generate(p, replies);
        Position after = stack[ply + 1];
        for (int i = 0; i < n; i++) {
            if (replies.captureCount(i) != 1) return false;
            after.copyFrom(p);
            replies.play(after, i);
            if (!generator.hasCapture(after)) return false;
        }
        return true;
    }

    private static int clamp(int score) {
        return Math.max(-WIN_BOUND + 1, Math.min(WIN_BOUND - 1, score));
    }

    /** True if, were it the opponent's turn, the opponent would have a capture. */
    private boolean opponentThreatens(Position p) {
        scratch.copyFrom(p);
        scratch.setSideToMove(p.sideToMove() ^ 1);
        return generator.hasCapture(scratch);
    }

    /** Plays move i of the list at this ply into the next ply's position and counters. */
    private void makeChild(int ply, MoveList moves, int i) {
        Position p = stack[ply];
        Position child = stack[ply + 1];
        child.copyFrom(p);
        moves.play(child, i);
        draws.play(ply, p, child, moves, i);
        if (incremental != null) incremental.update(ply, p, child);
    }

    /** The evaluation of the position at this ply (from the terms kept along the line if any). */
    private int evaluate(int ply, Position p) {
        return incremental != null ? incremental.evaluate(ply, p) : evaluator.evaluate(p);
    }

    private long key(int ply) {
        return DrawTracker.tableKey(stack[ply], draws.countdown(ply, stack[ply]));
    }

    private void updatePv(int ply, MoveList moves, int i) {
        MoveList line = pv[ply];
        line.clear();
        line.addFrom(moves, i);
        MoveList rest = pv[ply + 1];
        for (int k = 0; k < rest.size(); k++) line.addFrom(rest, k);
    }

    static int toTt(int score, int ply) {
        if (score >= WIN_BOUND) return score + ply;
        if (score <= -WIN_BOUND) return score - ply;
        return score;
    }

    static int fromTt(int score, int ply) {
        if (score >= WIN_BOUND) return score - ply;
        if (score <= -WIN_BOUND) return score + ply;
        return score;
    }
}
