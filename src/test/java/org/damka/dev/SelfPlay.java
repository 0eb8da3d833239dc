package org.damka.dev;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.damka.board.Fen;
import org.damka.eval.Evaluations;
import org.damka.eval.Evaluator;
import org.damka.game.Game;
import org.damka.game.GameResult;
import org.damka.movegen.Move;
import org.damka.movegen.MoveList;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.damka.search.Search;
import org.damka.search.SearchInfo;
import org.damka.search.SearchLimits;
import org.damka.search.SearchListener;
import org.damka.search.SearchParams;

/**
 * In-process self-play between two engine configurations, with the rules core ({@link Game}) as
 * referee: every draw rule, no-move and no-piece losses. Openings are a few random plies from the
 * start position (seeded); each opening is played twice with colours swapped. With node or depth
 * limits and one thread per engine the match is deterministic.
 *
 * <p>Configuration strings are comma-separated {@code key=value} tokens: {@code eval=full|material},
 * {@code nodes=N}, {@code depth=D}, {@code movetime=MS}, {@code threads=T}, {@code hash=MB},
 * {@code lmr=0|1}, the reductions' numbers {@code lmr.min|full|pv|deep|deeper=N} and {@code lmr.xo|killers=0|1}, the horizon's quiet moves {@code qs.promo|xch=0|1}, {@code probcut=0|1} and its numbers {@code probcut.margin|min|percent=N}, frontier futility {@code ffp=0|1} and {@code ffp.margin=N}, internal iterative reduction {@code iir=0|1}, {@code iir.min=N} and {@code iir.two=N} (two plies from that depth), {@code threat=0|1}, {@code asp=0|1}, {@code killers=0|1}, {@code history=off|cutoffs|success}, and
 * evaluation weight overrides {@code w.<name>=<value>} (see {@link Weights}).
 *
 * <p>Usage: {@code java -cp target/classes:target/test-classes org.damka.dev.SelfPlay
 * <variant> <games> <configA> <configB> [seed] [parallel]}.
 */
public final class SelfPlay {
    private static final int MAX_PLIES = 400;
    private static final boolean VERBOSE = Boolean.getBoolean("selfplay.verbose");

    /** One engine configuration. */
    public record Config(String text, String eval, java.util.function.UnaryOperator<SearchParams> overrides,
                         SearchLimits limits, int threads, int hashMb, java.util.Map<String, String> weights) {
        public static Config parse(String text) {
            String eval = Evaluations.FULL;
            // The switches apply to what the engine plays with in the variant (SearchParams.forRules).
            java.util.function.UnaryOperator<SearchParams> p = q -> q;
            long nodes = 0, moveTime = 0;
            int depth = 0, threads = 1, hash = 16;
            java.util.Map<String, String> weights = new java.util.LinkedHashMap<>();
            for (String token : text.split(",")) {
                if (token.isBlank()) continue;
                String[] kv = token.trim().split("=", 2);
                String k = kv[0].toLowerCase(Locale.ROOT), v = kv.length > 1 ? kv[1] : "1";
                switch (k) {
                    case "eval" -> eval = v;
                    case "nodes" -> nodes = Long.parseLong(v);
                    case "depth" -> depth = Integer.parseInt(v);
                    case "movetime" -> moveTime = Long.parseLong(v);
                    case "threads" -> threads = Integer.parseInt(v);
                    case "hash" -> hash = Integer.parseInt(v);
                    case "lmr" -> p = then(p, q -> q.withLmr(v.equals("1")));
                    case "lmr.min", "lmr.full", "lmr.pv", "lmr.deep", "lmr.deeper", "lmr.xo", "lmr.killers" -> p = then(p, q -> q.withLmr(lmrWith(q.lmr(), k, v)));
                    case "qs.promo" -> p = then(p, q -> q.withQuiescence(q.quiescence().withPromotions(v.equals("1"))));
                    case "qs.xch" -> p = then(p, q -> q.withQuiescence(q.quiescence().withExchanges(v.equals("1"))));
                    case "probcut" -> p = then(p, q -> q.withProbCut(v.equals("1")));
                    case "probcut.margin", "probcut.min", "probcut.percent" -> p = then(p, q -> q.withProbCut(probCutWith(q.probCut(), k, v)));
                    case "ffp" -> p = then(p, q -> q.withFutility(v.equals("1")));
                    case "ffp.margin" -> p = then(p, q -> q.withFutility(q.futility().withMargin(Integer.parseInt(v))));
                    case "iir" -> p = then(p, q -> q.withIir(v.equals("1")));
                    case "iir.min" -> p = then(p, q -> q.withIir(q.iir().withMinDepth(Integer.parseInt(v))));
                    case "iir.two" -> p = then(p, q -> q.withIir(q.iir().withTwoPlyDepth(Integer.parseInt(v))));
                    case "threat" -> p = then(p, q -> q.withThreatExtension(v.equals("1")));
                    case "asp" -> p = then(p, q -> q.withAspiration(v.equals("1")));
                    case "killers" -> p = then(p, q -> q.withOrdering(v.equals("1"), q.history()));
                    case "history" -> p = then(p, q -> q.withOrdering(q.killers(), switch (v) {
                        case "0", "off" -> SearchParams.History.OFF;
                        case "1", "cutoffs" -> SearchParams.History.CUTOFFS;
                        case "2", "success" -> SearchParams.History.SUCCESS;
                        default -> throw new IllegalArgumentException("history=off|cutoffs|success, not " + v);
                    }));
                    default -> {
                        if (!k.startsWith("w.")) throw new IllegalArgumentException("unknown config key " + k);
                        weights.put(k.substring(2), v);
                    }
                }
            }
            SearchLimits limits = SearchLimits.NONE.withDepth(depth).withNodes(nodes).withMoveTime(moveTime);
            return new Config(text, eval, p, limits, threads, hash, weights);
        }

        /** The reductions with one number (min, full, pv, deep, deeper) or switch (xo, killers) changed. */
        private static SearchParams.Reductions lmrWith(SearchParams.Reductions r, String key, String value) {
            int x = Integer.parseInt(value);
            return switch (key) {
                case "lmr.min" -> r.withMinDepth(x);
                case "lmr.full" -> r.withFullMoves(x);
                case "lmr.pv" -> r.withPvFullMoves(x);
                case "lmr.deep" -> r.withDeepMoves(x);
                case "lmr.deeper" -> r.withDeeperMoves(x);
                case "lmr.killers" -> r.withKillers(x == 1);
                default -> r.withExchangeOffers(x == 1);
            };
        }

        /** ProbCut with one number changed: its margin a ply, its least depth or its shallow depth in percent. */
        private static SearchParams.ProbCut probCutWith(SearchParams.ProbCut c, String key, String value) {
            int x = Integer.parseInt(value);
            return switch (key) {
                case "probcut.margin" -> c.withMarginPerPly(x);
                case "probcut.min" -> c.withMinDepth(x);
                default -> c.withDepthPercent(x);
            };
        }

        private static java.util.function.UnaryOperator<SearchParams> then(
                java.util.function.UnaryOperator<SearchParams> first, java.util.function.UnaryOperator<SearchParams> next) {
            return q -> next.apply(first.apply(q));
        }

        /** The search parameters in this variant: the engine's, with this configuration's switches. */
        SearchParams params(Rules rules) {
            return overrides.apply(SearchParams.forRules(rules));
        }

        Search newSearch(Rules rules) {
            Evaluator e = weights.isEmpty() ? Evaluations.named(rules, eval)
                    : new org.damka.eval.PositionalEvaluator(rules, Weights.override(org.damka.eval.EvalWeights.forRules(rules), weights));
            Search s = new Search(rules, e, hashMb);
            s.setThreads(threads);
            s.setParams(params(rules));
            return s;
        }
    }

    /** Wins, draws and losses of the first configuration. */
    public record Result(int wins, int draws, int losses) {
        public int games() { return wins + draws + losses; }

        public double score() { return games() == 0 ? 0 : (wins + 0.5 * draws) / games(); }

        /** Elo difference of A over B. */
        public double elo() { return eloOf(score()); }

        /** Half-width of the 95% interval of the Elo difference (normal approximation). */
        public double eloError() {
            int n = games();
            if (n == 0) return Double.NaN;
            double s = score();
            double var = (wins * Math.pow(1 - s, 2) + draws * Math.pow(0.5 - s, 2) + losses * Math.pow(s, 2)) / n;
            double se = Math.sqrt(var / n);
            return (eloOf(Math.min(0.999, s + 1.96 * se)) - eloOf(Math.max(0.001, s - 1.96 * se))) / 2;
        }

        private static double eloOf(double s) {
            s = Math.max(0.001, Math.min(0.999, s));
            return -400 * Math.log10(1 / s - 1);
        }

        Result plus(Result o) {
            return new Result(wins + o.wins, draws + o.draws, losses + o.losses);
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "+%d =%d -%d  score %.1f%%  elo %+.0f +- %.0f", wins, draws, losses,
                    100 * score(), elo(), eloError());
        }
    }

    private SelfPlay() { }

    /** An opening: a few random plies from the start (none that ends the game). */
    public static Game opening(Rules rules, SplittableRandom random, int plies) {
        while (true) {
            Game g = new Game(rules, Fen.parse(rules, rules.startFen()));
            MoveList moves = new MoveList();
            boolean ok = true;
            for (int i = 0; i < plies && ok; i++) {
                g.legalMoves(moves);
                if (moves.size() == 0) ok = false;
                else g.play(moves, random.nextInt(moves.size()));
                if (g.result().isPresent()) ok = false;
            }
            if (ok) return g;
        }
    }

    /**
     * Plays games between A and B: {@code games / 2} openings, each with both colour
     * assignments. Runs on {@code parallel} threads (pairs of games are independent).
     */
    public static Result match(Rules rules, Config a, Config b, int games, long seed, int parallel) {
        int pairs = Math.max(1, games / 2);
        SplittableRandom random = new SplittableRandom(seed);
        List<Game> openings = new ArrayList<>();
        for (int i = 0; i < pairs; i++) openings.add(opening(rules, random, 2 + random.nextInt(3)));
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, parallel));
        try {
            List<Future<Result>> futures = new ArrayList<>();
            for (Game o : openings) futures.add(pool.submit(() -> playPair(rules, a, b, o)));
            Result total = new Result(0, 0, 0);
            for (Future<Result> f : futures) total = total.plus(f.get());
            return total;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        } finally {
            pool.shutdownNow();
        }
    }

    private static Result playPair(Rules rules, Config a, Config b, Game opening) {
        Search sa = a.newSearch(rules), sb = b.newSearch(rules);
        int w = 0, d = 0, l = 0;
        for (int aSide = 0; aSide < 2; aSide++) {
            sa.clear();
            sb.clear();
            int loser = play(opening.copy(), aSide == 0 ? sa : sb, aSide == 0 ? sb : sa,
                    aSide == 0 ? a.limits() : b.limits(), aSide == 0 ? b.limits() : a.limits());
            if (loser < 0) d++;
            else if (loser == aSide) l++;
            else w++;
        }
        return new Result(w, d, l);
    }

    /**
     * Plays one game: {@code white} moves for side 0. Returns the losing side, or -1 for a draw
     * (draw rules, or {@value #MAX_PLIES} plies).
     */
    public static int play(Game game, Search white, Search black, SearchLimits whiteLimits, SearchLimits blackLimits) {
        SearchListener quiet = new SearchListener() {
            @Override
            public void info(SearchInfo info) { }

            @Override
            public void bestMove(Move move, Move ponder) { }
        };
        while (game.plies() < MAX_PLIES) {
            var result = game.result();
            if (result.isPresent()) {
                if (VERBOSE) System.err.println(result.get() + " after " + game.plies() + " plies: " + org.damka.board.Fen.format(game.rules(), game.position()));
                return result.get().loser();
            }
            boolean whiteToMove = game.position().sideToMove() == 0;
            Move move = (whiteToMove ? white : black).run(game, whiteToMove ? whiteLimits : blackLimits, 0, quiet);
            game.play(move);
        }
        return game.result().map(GameResult::loser).orElse(-1);
    }

    public static void main(String[] args) {
        Rules rules = Variants.byName(args[0]);
        int games = Integer.parseInt(args[1]);
        Config a = Config.parse(args[2]), b = Config.parse(args[3]);
        long seed = args.length > 4 ? Long.parseLong(args[4]) : 1;
        int parallel = args.length > 5 ? Integer.parseInt(args[5]) : 1;
        long t0 = System.nanoTime();
        Result r = match(rules, a, b, games, seed, parallel);
        System.out.printf(Locale.ROOT, "%s: [%s] vs [%s] %d games: %s (%.0f s)%n", rules.name(), a.text(), b.text(),
                r.games(), r, (System.nanoTime() - t0) / 1e9);
    }
}
