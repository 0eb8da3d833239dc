package org.damka.selfplay;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import org.damka.board.Fen;
import org.damka.eval.Evaluator;
import org.damka.game.Game;
import org.damka.game.GameResult;
import org.damka.match.Opening;
import org.damka.match.Openings;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.damka.rules.Rules;
import org.damka.search.Search;
import org.damka.search.SearchLimits;

/**
 * damka plays itself to make training data ({@link SelfPlayFile}). Game {@code id} starts from
 * built-in opening {@code id % openings} followed by a few random plies drawn from a generator
 * seeded by (seed, id), and is searched with a node or depth limit and one search thread: the
 * same id and seed give the same game whatever the number of threads or shards. Shard i of n
 * plays the ids with {@code id % n == i}. The search is deterministic, so two ids with the same
 * start would play the same game: an id whose start an earlier id already has is skipped (every
 * shard works this out alike from the ids alone). Positions with a capture pending and positions
 * whose score is a found win are not kept.
 */
public final class SelfPlay {
    /** Games longer than this are adjudicated a draw. */
    public static final int MAX_PLIES = 400;

    /** What to play: built by name, {@code Config.builder(rules, evaluator).games(…).limits(…).build()}. */
    public record Config(Rules rules, int games, SearchLimits limits, int threads, long seed, int shard, int shards,
                         int randomPlies, Supplier<Evaluator> evaluator, String evaluation) {

        /** The settings of {@code damka selfplay}'s defaults: one game at depth 6, 6 random plies, one thread, seed 1, shard 0 of 1. */
        public static Builder builder(Rules rules, Supplier<Evaluator> evaluator) {
            return new Builder(rules, evaluator);
        }

        public static final class Builder {
            private final Rules rules;
            private final Supplier<Evaluator> evaluator;
            private int games = 1;
            private SearchLimits limits = SearchLimits.depth(6);
            private int threads = 1;
            private long seed = 1;
            private int shard = 0, shards = 1;
            private int randomPlies = 6;
            private String evaluation;

            private Builder(Rules rules, Supplier<Evaluator> evaluator) {
                this.rules = rules;
                this.evaluator = evaluator;
            }

            /** Game ids 0 … games - 1 (of which this shard plays its share). */
            public Builder games(int games) { this.games = games; return this; }

            /** Each move's search. */
            public Builder limits(SearchLimits limits) { this.limits = limits; return this; }

            /** Games played at once. */
            public Builder threads(int threads) { this.threads = threads; return this; }

            /** Chooses the random plies of each game's start (with its id). */
            public Builder seed(long seed) { this.seed = seed; return this; }

            /** Plays the ids i with i mod count = index. */
            public Builder shard(int index, int count) { this.shard = index; this.shards = count; return this; }

            /** Random plies played after the opening. */
            public Builder randomPlies(int plies) { this.randomPlies = plies; return this; }

            /** The evaluation as the file's settings record it ({@code evaluation learned weights 1a2b3c4d}). */
            public Builder evaluation(String name) { this.evaluation = name; return this; }

            public Config build() {
                return new Config(rules, games, limits, threads, seed, shard, shards, randomPlies, evaluator, evaluation);
            }
        }
    }

    private final Config c;
    private final PrintStream progress;

    public SelfPlay(Config config, PrintStream progress) {
        this.c = config;
        this.progress = progress;
    }

    /** Plays the shard's games not already in {@code out} (when resuming) and appends them. Returns games played. */
    public int run(Path out, boolean resume) throws IOException, InterruptedException {
        Set<Integer> done = GameBlockWriter.gamesDone(out, c.rules(), resume, settings());
        List<Opening> openings = Openings.builtIn(c.rules());
        Game[] starts = new Game[c.games()];
        boolean[] repeated = repeatedStarts(openings, starts);
        List<Integer> todo = new ArrayList<>();
        int skipped = 0;
        for (int id = c.shard(); id < c.games(); id += c.shards()) {
            if (repeated[id]) skipped++;
            else if (!done.contains(id)) todo.add(id);
        }
        if (skipped > 0) progress.printf(Locale.ROOT, "selfplay: %d of the shard's game ids skipped (their start repeats an earlier id's)%n", skipped);
        AtomicInteger finished = new AtomicInteger();
        AtomicLong positions = new AtomicLong();
        long t0 = System.nanoTime();
        ThreadLocal<Search> searches = ThreadLocal.withInitial(() -> new Search(c.rules(), c.evaluator().get(), 16));
        GameBlockWriter.appendAll(out, c.rules(), settings(), c.threads(), todo, id -> play(id, starts[id], searches.get(), positions), id -> {
            int n = finished.incrementAndGet();
            double s = (System.nanoTime() - t0) / 1e9;
            progress.printf(Locale.ROOT, "selfplay: games %d/%d, positions %d, %.1f positions/s, ETA %.0f s%n",
                    n, todo.size(), positions.get(), positions.get() / s, s / n * (todo.size() - n));
        });
        return todo.size();
    }

    /** What a game depends on besides its id, as the file records it: another value would play other games. */
    String settings() {
        return "seed " + c.seed() + " " + budget(c.limits()) + " random-plies " + c.randomPlies() + (c.evaluation() == null ? "" : " " + c.evaluation());
    }

    /** A search budget as a file's settings record it: {@code nodes <n>} or {@code depth <d>}. */
    static String budget(SearchLimits l) {
        return l.nodes() > 0 ? "nodes " + l.nodes() : "depth " + l.depth();
    }

    /**
     * Fills {@code starts} with every id's start and marks the ids whose start position (with
     * the side to move) an earlier id already has.
     */
    private boolean[] repeatedStarts(List<Opening> openings, Game[] starts) {
        boolean[] repeated = new boolean[starts.length];
        Set<String> seen = new HashSet<>();
        for (int id = 0; id < starts.length; id++) {
            starts[id] = start(openings, id);
            repeated[id] = !seen.add(Fen.format(c.rules(), starts[id].position()));
        }
        return repeated;
    }

    /** Plays game {@code id} from its start and returns its block of lines. */
    String play(int id, Game start, Search search, AtomicLong positions) {
        Rules rules = c.rules();
        Game game = start.copy();
        int openingPlies = game.plies();
        search.clear();
        MoveGenerator gen = MoveGenerator.create(rules);
        SearchScore score = new SearchScore();
        List<String> fens = new ArrayList<>();
        List<Integer> scores = new ArrayList<>();
        while (game.result().isEmpty() && game.plies() < MAX_PLIES + openingPlies) {
            score.reset();
            org.damka.movegen.Move move = search.run(game, c.limits(), 0, score);
            var p = game.position();
            if (!gen.hasCapture(p) && score.kept()) {
                fens.add(Fen.format(rules, p));
                scores.add(score.white(p));
            }
            game.play(move);
        }
        double white = game.result().map(GameResult::loser).map(l -> l == 1 ? 1.0 : l == 0 ? 0.0 : 0.5).orElse(0.5);
        StringBuilder b = new StringBuilder();
        String result = SelfPlayFile.resultText(white);
        for (int i = 0; i < fens.size(); i++) b.append(fens.get(i)).append('\t').append(result).append('\t').append(scores.get(i)).append('\n');
        b.append("# game ").append(id).append(' ').append(result).append(" plies ").append(game.plies())
                .append(" positions ").append(fens.size()).append('\n');
        positions.addAndGet(fens.size());
        return b.toString();
    }

    /** Game {@code id}'s start: its built-in opening, then the random plies drawn from (seed, id). */
    public Game start(int id) {
        return start(Openings.builtIn(c.rules()), id);
    }

    /** The opening, then up to randomPlies random moves (fewer if the game would end). */
    private Game start(List<Opening> openings, int id) {
        SplittableRandom random = new SplittableRandom(c.seed() * 0x9E3779B97F4A7C15L + id);
        Game game = openings.get(id % openings.size()).toGame(c.rules());
        MoveList moves = new MoveList();
        for (int i = 0; i < c.randomPlies(); i++) {
            game.legalMoves(moves);
            if (moves.size() == 0) break;
            Game next = game.copy();
            next.play(moves, random.nextInt(moves.size()));
            if (next.result().isPresent()) break;
            game = next;
        }
        return game;
    }
}
