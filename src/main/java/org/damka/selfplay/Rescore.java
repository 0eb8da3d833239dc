package org.damka.selfplay;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import org.damka.board.Fen;
import org.damka.eval.Evaluator;
import org.damka.game.Game;
import org.damka.rules.Rules;
import org.damka.search.Search;
import org.damka.search.SearchLimits;

/**
 * Gives the positions of self-play files new scores from another search (deeper, or with another
 * evaluation): the training target is the search score, so a deeper search teaches the
 * evaluation more for the same positions, and the games need not be played again. Each game is
 * rescored by one thread in its order, the table cleared at its start, so the same input, limit
 * and evaluation give the same games whatever the number of threads (written in the order they
 * finish, which training does not depend on). The output is a self-play
 * file ({@link SelfPlayFile}): the same games, positions and results, the new scores; a position
 * the new search finds won or lost is dropped, as self-play drops it. Whole games are written
 * and flushed as they finish, so a killed run keeps them and {@code --resume} goes on.
 */
public final class Rescore {
    /**
     * How to search: the limit per position, games rescored at once, the evaluation.
     *
     * @param evaluation the evaluation as the file's settings record it ({@code evaluation learned
     *                   weights 1a2b3c4d}), or null: the file records no settings
     */
    public record Config(Rules rules, SearchLimits limits, int threads, Supplier<Evaluator> evaluator, String evaluation) { }

    private final Config c;
    private final PrintStream progress;

    public Rescore(Config config, PrintStream progress) {
        this.c = config;
        this.progress = progress;
    }

    /** What the scores depend on, as the file records it: another value would score the games otherwise. */
    String settings() {
        return c.evaluation() == null ? null : SelfPlay.budget(c.limits()) + " " + c.evaluation();
    }

    /** Rescores the games of the inputs not already in {@code out} (when resuming); returns games written. */
    public int run(List<Path> inputs, Path out, boolean resume) throws IOException, InterruptedException {
        Set<Integer> done = GameBlockWriter.gamesDone(out, c.rules(), resume, settings());
        Map<Integer, SelfPlayFile.GameBlock> rescored = new HashMap<>();
        if (!done.isEmpty()) SelfPlayFile.readGames(out, c.rules(), g -> rescored.put(g.id(), g));
        List<SelfPlayFile.GameBlock> todo = new ArrayList<>();
        List<String> mismatches = new ArrayList<>();
        for (Path in : inputs) {
            SelfPlayFile.readGames(in, c.rules(), g -> {
                SelfPlayFile.GameBlock old = rescored.get(g.id());
                if (old == null) todo.add(g);
                else if (!rescoredFrom(old, g)) mismatches.add(in + "'s game " + g.id());
            }, lines -> progress.println("rescore: " + SelfPlayFile.unfinishedEnd(in, lines)));
        }
        if (!mismatches.isEmpty()) { // ids alone would silently mix the games of two runs
            throw new IOException(out + " holds another game under the id of " + mismatches.get(0)
                    + (mismatches.size() > 1 ? " (and " + (mismatches.size() - 1) + " more)" : "")
                    + ": resume with the files it was rescored from");
        }
        long total = todo.stream().mapToLong(g -> g.samples().size()).sum();
        progress.printf(Locale.ROOT, "rescore: %d games, %d positions to search%n", todo.size(), total);
        AtomicInteger finished = new AtomicInteger();
        AtomicLong searched = new AtomicLong();
        long t0 = System.nanoTime();
        ThreadLocal<Search> searches = ThreadLocal.withInitial(() -> new Search(c.rules(), c.evaluator().get(), 16));
        GameBlockWriter.appendAll(out, c.rules(), settings(), c.threads(), todo, game -> rescore(game, searches.get()), game -> {
            int n = finished.incrementAndGet();
            long p = searched.addAndGet(game.samples().size());
            double s = (System.nanoTime() - t0) / 1e9;
            progress.printf(Locale.ROOT, "rescore: games %d/%d, positions %d, %.1f positions/s, ETA %.0f s%n",
                    n, todo.size(), p, p / s, s / p * (total - p));
        });
        return todo.size();
    }

    /** Whether {@code rescored} is {@code input} rescored: the same result and length, none but its positions. */
    private static boolean rescoredFrom(SelfPlayFile.GameBlock rescored, SelfPlayFile.GameBlock input) {
        if (!withoutPositions(rescored.gameLine()).equals(withoutPositions(input.gameLine()))) return false;
        Set<String> fens = new HashSet<>();
        for (SelfPlayFile.Sample s : input.samples()) fens.add(s.fen());
        for (SelfPlayFile.Sample s : rescored.samples()) {
            if (!fens.contains(s.fen())) return false;
        }
        return true;
    }

    /** A game line without its position count, which a rescore changes. */
    private static String withoutPositions(String gameLine) {
        int at = gameLine.lastIndexOf(" positions ");
        return at < 0 ? gameLine : gameLine.substring(0, at);
    }

    /** One game's block of lines with the new scores. */
    String rescore(SelfPlayFile.GameBlock game, Search search) {
        Rules rules = c.rules();
        search.clear();
        SearchScore score = new SearchScore();
        StringBuilder b = new StringBuilder();
        int kept = 0;
        for (SelfPlayFile.Sample s : game.samples()) {
            Game position = new Game(rules, Fen.parse(rules, s.fen()));
            score.reset();
            search.run(position, c.limits(), 0, score);
            if (!score.kept()) continue;
            b.append(s.fen()).append('\t').append(SelfPlayFile.resultText(s.result())).append('\t')
                    .append(score.white(position.position())).append('\n');
            kept++;
        }
        b.append(withoutPositions(game.gameLine())).append(" positions ").append(kept).append('\n');
        return b.toString();
    }
}
