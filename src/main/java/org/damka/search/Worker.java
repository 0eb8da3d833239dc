package org.damka.search;

import org.damka.board.Position;
import org.damka.egdb.Egdb;
import org.damka.egdb.EgdbValue;
import org.damka.eval.Evaluator;
import org.damka.game.Game;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.damka.rules.Geometry;
import org.damka.rules.Rules;
import org.damka.rules.Rules.EndgameLimit;
import org.damka.rules.Rules.StasisLimit;

/**
 * One thread's search: iterative deepening, principal variation search with aspiration windows at
 * the root, a transposition table shared with the other threads, move ordering (table move,
 * captures by what they take, killers, history), late move reductions, forced-move extension and
 * a capture quiescence (a position where the side to move must capture is never evaluated). Every
 * draw rule of the variant is scored inside the tree: repetition, the reversible-move counter,
 * the stasis counters and the endgame limits, from counters kept per ply.
 *
 * <p>All state lives in arrays preallocated per ply; below {@link #iterate} nothing is allocated.
 * Only the main worker (index 0) reads the clock and reports.
 */
final class Worker {
    static final int MAX_PLY = Search.MAX_PLY;
    static final int WIN = Search.WIN, WIN_BOUND = Search.WIN_BOUND, INF = WIN + 1;
    private static final int HISTORY_LIMIT = 1 << 20;
    private static final int TT_MOVE_SCORE = 1 << 30, CAPTURE_SCORE = 1 << 28, KILLER1 = 1 << 27, KILLER2 = KILLER1 - 1;
    /** Draw countdowns (plies left before a counter rule draws) mixed into table keys. */
    private static final long[] COUNTDOWN_KEYS = new long[64];
    static {
        java.util.SplittableRandom r = new java.util.SplittableRandom(0xC0FFEE);
        for (int i = 0; i < COUNTDOWN_KEYS.length; i++) COUNTDOWN_KEYS[i] = r.nextLong();
    }

    private final Search owner;
    final int index;
    private final Rules rules;
    private final Geometry geometry;
    private final MoveGenerator generator;
    private final Evaluator evaluator;
    private final TranspositionTable tt;
    SearchParams params;

    final Position[] stack = new Position[MAX_PLY + 2];
    final MoveList[] lists = new MoveList[MAX_PLY + 2];
    private final int[][] order = new int[MAX_PLY + 2][MoveList.CAPACITY];
    final MoveList[] pv = new MoveList[MAX_PLY + 2];
    private final Position scratch = new Position();
    private final int[] killer1 = new int[MAX_PLY + 2], killer2 = new int[MAX_PLY + 2];
    private final int[] history;
    private final int layout;

    // Draw-rule state per ply.
    private final long[] hashes = new long[1024 + MAX_PLY + 2];
    private int historyLength;
    private final int[] reversible = new int[MAX_PLY + 2];
    private final int[] stable = new int[MAX_PLY + 2];
    private final EndgameLimit[] endgames;
    private final StasisLimit[] stasis;
    private final int[] egCount, egStrong;
    private final int reversibleLimit;
    private final int endgameMaxPieces;
    private final int[] threatExtensions = new int[MAX_PLY + 2];

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

    Worker(Search owner, int index, Rules rules, Evaluator evaluator, TranspositionTable tt, SearchParams params) {
        this.owner = owner;
        this.index = index;
        this.rules = rules;
        this.geometry = rules.geometry();
        this.generator = MoveGenerator.create(rules);
        this.evaluator = evaluator;
        this.tt = tt;
        this.params = params;
        this.layout = geometry.layoutBits();
        this.history = new int[2 * layout * layout];
        for (int i = 0; i < stack.length; i++) {
            stack[i] = new Position();
            lists[i] = new MoveList();
            pv[i] = new MoveList();
        }
        pvLines = new MoveList[Search.MAX_MULTI_PV];
        pvScores = new int[Search.MAX_MULTI_PV];
        for (int i = 0; i < pvLines.length; i++) pvLines[i] = new MoveList();
        endgames = rules.draws().endgames().toArray(new EndgameLimit[0]);
        stasis = rules.draws().stasis().toArray(new StasisLimit[0]);
        egCount = new int[(MAX_PLY + 2) * Math.max(1, endgames.length)];
        egStrong = new int[(MAX_PLY + 2) * Math.max(1, endgames.length)];
        int r = rules.draws().reversibleMoves();
        reversibleLimit = r > 0 ? 2 * r : Integer.MAX_VALUE;
        int maxPieces = 0;
        for (EndgameLimit e : endgames) maxPieces = Math.max(maxPieces, e.maxPieces() + e.weakKings());
        endgameMaxPieces = maxPieces;
    }

    /** Sets up the root from the game: position, history for repetitions, draw counters. */
    void prepare(Game game) {
        Position root = stack[0];
        root.copyFrom(game.position());
        int tail = Math.min(game.reversiblePlies(), 1023);
        historyLength = 0;
        for (int ply = game.plies() - tail; ply < game.plies(); ply++) hashes[historyLength++] = game.positionAt(ply).hash();
        reversible[0] = game.reversiblePlies();
        stable[0] = game.stablePlies();
        for (int k = 0; k < endgames.length; k++) {
            int strong = Game.strongSide(endgames[k], root, geometry);
            int count = 0;
            if (strong >= 0) {
                for (int ply = game.plies(); ply > 0 && Game.strongSide(endgames[k], game.positionAt(ply - 1), geometry) == strong; ply--) {
                    if (game.positionAt(ply - 1).sideToMove() == strong) count++;
                }
            }
            egStrong[k] = strong;
            egCount[k] = count;
        }
        generator.generate(root, rootMoves);
        for (int i = 0; i < rootMoves.size(); i++) rootScores[i] = -INF;
        nodes = 0;
        tbHits = 0;
        tables = owner.egdb();
        selDepth = 0;
        completedDepth = 0;
        java.util.Arrays.fill(killer1, 0);
        java.util.Arrays.fill(killer2, 0);
        for (int i = 0; i < history.length; i++) history[i] >>= 2;
        threatExtensions[0] = 0;
    }

    /** Forgets move-ordering statistics (new game, bench). */
    void clearHistory() {
        java.util.Arrays.fill(history, 0);
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
            line.clear();
            for (int k = 0; k < pv[0].size(); k++) line.addFrom(pv[0], k);
            if (line.size() == 0) line.addFrom(rootMoves, pvIdx);
        }
        completedDepth = depth;
        return true;
    }

    /** Root node over moves first..n-1; the best one is moved to position {@code first}. */
    private int searchRoot(int depth, int alpha, int beta, int first) {
        Position p = stack[0];
        MoveList moves = rootMoves;
        int n = moves.size();
        pv[0].clear();
        nodes++;
        hashes[historyLength] = p.hash();
        int best = -INF, bestIndex = first;
        int originalAlpha = alpha;
        for (int i = first; i < n; i++) {
            makeChild(0, moves, i);
            threatExtensions[1] = 0;
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
                    alpha = score;
                    if (score >= beta) break;
                }
            }
        }
        // Best move to the front of its MultiPV slot, the rest keep their order.
        for (int j = bestIndex; j > first; j--) {
            moves.swap(j, j - 1);
            int s = rootScores[j]; rootScores[j] = rootScores[j - 1]; rootScores[j - 1] = s;
        }
        if (first == 0 && best > originalAlpha && best < beta) {
            tt.store(rootKey(), moves.key(0), toTt(best, 0), depth, TranspositionTable.BOUND_EXACT);
        }
        return best;
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
        hashes[historyLength + ply] = p.hash();

        // Step 1. Draw rules; a side without a move has still lost (the loss comes first).
        int countdown = countdown(ply);
        if (countdown <= 0 || repeated(ply)) {
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
            if (generator.countMoves(p) == 0) return noMoveScore(p, ply);
            if (params.threatExtension() && threatExtensions[ply] == 0 && ply < MAX_PLY - 2 && opponentThreatens(p)) {
                depth = 1;
                threatExtensions[ply] = 1;
            } else {
                return clamp(evaluator.evaluate(p));
            }
        }
        if (ply >= MAX_PLY - 1) return clamp(evaluator.evaluate(p));

        // Step 3. Mate distance: no line from here beats a win already found nearer the root.
        alpha = Math.max(alpha, -(WIN - ply));
        beta = Math.min(beta, WIN - ply - 1);
        if (alpha >= beta) return alpha;

        // Step 4. Transposition table.
        long key = countdown < COUNTDOWN_KEYS.length ? p.hash() ^ COUNTDOWN_KEYS[countdown] : p.hash();
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

        // Step 5. Moves.
        MoveList moves = lists[ply];
        int n = generator.generate(p, moves);
        if (n == 0) return noMoveScore(p, ply);
        boolean captures = moves.isCapture(0);
        scoreMoves(ply, p, moves, n, ttMove, captures);
        int[] sc = order[ply];

        // Step 6. Move loop (PVS).
        int best = -INF, bestKey = 0;
        int originalAlpha = alpha;
        int side = p.sideToMove();
        for (int i = 0; i < n; i++) {
            pick(moves, sc, i, n);
            makeChild(ply, moves, i);
            threatExtensions[ply + 1] = threatExtensions[ply];
            if (pvNode) pv[ply + 1].clear();
            // A forced move does not use depth, so forced sequences are seen to their end.
            int newDepth = n == 1 ? depth : depth - 1;
            int score;
            if (i == 0) {
                score = -search(ply + 1, newDepth, -beta, -alpha);
            } else {
                int reduction = 0;
                if (params.lmr() && !captures && !pvNode && depth >= params.lmrMinDepth() && i >= params.lmrFullMoves()
                        && sc[i] < KILLER2 && !moves.promotes(i) && !generator.hasCapture(stack[ply + 1])) {
                    reduction = i >= 8 && depth >= 6 ? 2 : 1;
                }
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
                if (score > alpha) {
                    alpha = score;
                    if (pvNode) updatePv(ply, moves, i);
                    if (score >= beta) {
                        if (!captures) rememberCutoff(ply, side, moves, i, depth);
                        break;
                    }
                }
            }
        }

        // Step 7. Remember the result.
        int bound = best >= beta ? TranspositionTable.BOUND_LOWER
                : best > originalAlpha ? TranspositionTable.BOUND_EXACT : TranspositionTable.BOUND_UPPER;
        if (depth > 0) tt.store(key, bestKey, toTt(best, ply), depth, bound);
        return best;
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

    private void scoreMoves(int ply, Position p, MoveList moves, int n, int ttMove, boolean captures) {
        int[] sc = order[ply];
        int side = p.sideToMove();
        int hBase = side * layout * layout;
        long kLo = p.kingsLo(), kHi = p.kingsHi();
        for (int i = 0; i < n; i++) {
            int k = moves.key(i);
            if (k == ttMove) {
                sc[i] = TT_MOVE_SCORE;
            } else if (captures) {
                int kings = Long.bitCount(moves.capturedLo(i) & kLo) + Long.bitCount(moves.capturedHi(i) & kHi);
                sc[i] = CAPTURE_SCORE + moves.captureCount(i) * 16 + kings * 32 + (moves.promotes(i) ? 8 : 0);
            } else if (params.killers() && k == killer1[ply]) {
                sc[i] = KILLER1;
            } else if (params.killers() && k == killer2[ply]) {
                sc[i] = KILLER2;
            } else {
                int h = params.history() ? history[hBase + moves.from(i) * layout + moves.to(i)] : 0;
                sc[i] = h + (moves.promotes(i) ? HISTORY_LIMIT : 0);
            }
        }
    }

    /** Selection sort step: brings the best-scored remaining move to index i. */
    private static void pick(MoveList moves, int[] sc, int i, int n) {
        int bi = i;
        int bs = sc[i];
        for (int j = i + 1; j < n; j++) {
            if (sc[j] > bs) {
                bs = sc[j];
                bi = j;
            }
        }
        if (bi != i) {
            moves.swap(i, bi);
            sc[bi] = sc[i];
            sc[i] = bs;
        }
    }

    private void rememberCutoff(int ply, int side, MoveList moves, int i, int depth) {
        int k = moves.key(i);
        if (killer1[ply] != k) {
            killer2[ply] = killer1[ply];
            killer1[ply] = k;
        }
        int idx = side * layout * layout + moves.from(i) * layout + moves.to(i);
        int h = history[idx] + depth * depth;
        if (h >= HISTORY_LIMIT) {
            for (int j = 0; j < history.length; j++) history[j] >>= 1;
            h >>= 1;
        }
        history[idx] = h;
    }

    /** Plays move i of the list at this ply into the next ply's position and counters. */
    private void makeChild(int ply, MoveList moves, int i) {
        Position p = stack[ply];
        Position child = stack[ply + 1];
        child.copyFrom(p);
        moves.play(child, i);
        boolean capture = moves.isCapture(i);
        reversible[ply + 1] = capture || !p.isKing(moves.from(i)) ? 0 : reversible[ply] + 1;
        stable[ply + 1] = capture || moves.promotes(i) ? 0 : stable[ply] + 1;
        int k0 = ply * endgames.length, k1 = (ply + 1) * endgames.length;
        boolean few = child.count(0) + child.count(1) <= endgameMaxPieces;
        for (int k = 0; k < endgames.length; k++) {
            int strong = few ? Game.strongSide(endgames[k], child, geometry) : -1;
            egStrong[k1 + k] = strong;
            egCount[k1 + k] = strong >= 0 && egStrong[k0 + k] == strong
                    ? egCount[k0 + k] + (p.sideToMove() == strong ? 1 : 0) : 0;
        }
    }

    /**
     * Plies left before a counter rule (reversible moves, stasis, endgame limit) draws this
     * position; 0 or less means it is drawn now. Large when no rule is near.
     */
    private int countdown(int ply) {
        int left = reversibleLimit == Integer.MAX_VALUE ? Integer.MAX_VALUE : reversibleLimit - reversible[ply];
        if (stasis.length > 0) {
            Position p = stack[ply];
            int pieces = p.count(0) + p.count(1);
            if (p.kingCount(0) > 0 && p.kingCount(1) > 0) {
                for (StasisLimit s : stasis) {
                    if (pieces >= s.minPieces() && pieces <= s.maxPieces()) left = Math.min(left, 2 * s.moves() - stable[ply]);
                }
            }
        }
        int base = ply * endgames.length;
        for (int k = 0; k < endgames.length; k++) {
            if (egStrong[base + k] >= 0) left = Math.min(left, 2 * (endgames[k].moves() - egCount[base + k]));
        }
        return left;
    }

    /** True if the position at this ply occurred before with the same side to move. */
    private boolean repeated(int ply) {
        long h = stack[ply].hash();
        int limit = historyLength + ply;
        int window = reversible[ply];
        for (int k = limit - 2, back = 2; k >= 0 && back <= window; k -= 2, back += 2) {
            if (hashes[k] == h) return true;
        }
        return false;
    }

    private long key(int ply) {
        int c = countdown(ply);
        long h = stack[ply].hash();
        return c >= 0 && c < COUNTDOWN_KEYS.length ? h ^ COUNTDOWN_KEYS[c] : h;
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
