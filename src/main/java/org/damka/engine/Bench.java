package org.damka.engine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.damka.board.Fen;
import org.damka.egdb.EgdbSettings;
import org.damka.eval.Evaluations;
import org.damka.game.Game;
import org.damka.movegen.Move;
import org.damka.movegen.MoveNotation;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.damka.search.Search;
import org.damka.search.SearchInfo;
import org.damka.search.SearchLimits;
import org.damka.search.SearchListener;

/**
 * The bench: a fixed list of positions of every variant (resource {@code bench.txt}: openings,
 * middle games, king endgames), each searched to a fixed depth with one thread, a 16 MB table and
 * fresh state, so the node total is identical on every run and changes only when the search's
 * behaviour changes. Commit messages that change the search carry it ("Bench: N").
 */
public final class Bench {
    public static final int HASH_MB = 16;
    private static final String RESOURCE = "/bench.txt";

    /** The search of the position being benched (stop() stops it). */
    private volatile Search current;
    private volatile boolean stopped;
    /** The evaluation searched with: the default one for the signature, another to compare speed. */
    private final String evaluation;
    private final EgdbSettings tables;
    private final Resources resources;

    /**
     * The threads and table a position is searched with. The signature is {@link #SIGNATURE}'s:
     * with more threads the helpers race, so the node total changes from run to run.
     */
    public record Resources(int threads, int hashMb) {
        public static final Resources SIGNATURE = new Resources(1, HASH_MB);

        /** The engine's own limits, named as {@code bench}'s flags. */
        public Resources {
            Engine.checkedThreads(threads, "--threads");
            Engine.checkedHashMb(hashMb, "--hash");
        }
    }

    /** A bench with the default evaluation (the signature). */
    public Bench() {
        this(Evaluations.AUTO);
    }

    /** A bench with the named evaluation (see {@link Evaluations#named}). */
    public Bench(String evaluation) {
        this(evaluation, null);
    }

    /**
     * A bench with the named evaluation that probes endgame tables (null: none, as for the
     * signature), to measure what probing costs and saves.
     */
    public Bench(String evaluation, EgdbSettings tables) {
        this(evaluation, tables, Resources.SIGNATURE);
    }

    /** A bench as above that searches with other threads or another table size (not the signature). */
    public Bench(String evaluation, EgdbSettings tables, Resources resources) {
        this.evaluation = Evaluations.canonicalName(evaluation);
        this.tables = tables;
        this.resources = resources;
    }

    /** One bench position: variant, depth, position string. */
    public record Position(Rules rules, int depth, String fen) { }

    /**
     * The outcome: one line per position and the totals. With one thread, time is the searching
     * thread's CPU time (the search runs on the calling thread), so a busy machine does not
     * distort the speed; with more, the helpers' work is on other threads: time is wall time.
     * {@code ms} is the searches' time alone: making and clearing each table, which grows with
     * --hash, and loading endgame tables are left out.
     */
    public record Result(List<String> lines, long nodes, long ms, long nps, boolean complete) {
        /** The closing line: {@code bench <nodes> nodes <nps> nps <ms> ms}. */
        public String summary() {
            return "bench " + nodes + " nodes " + nps + " nps " + ms + " ms";
        }
    }

    /** The positions of {@code bench.txt} (lines {@code variant depth fen}; # starts a comment). */
    public static List<Position> positions() {
        List<Position> out = new ArrayList<>();
        try (InputStream in = Bench.class.getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException("bench.txt missing from the jar");
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = r.readLine()) != null; ) {
                String t = line.trim();
                if (t.isEmpty() || t.startsWith("#")) continue;
                String[] parts = t.split("\\s+", 3);
                Rules rules = Variants.byName(parts[0]);
                if (rules == null || parts.length < 3) throw new IllegalStateException("bad bench line: " + t);
                Fen.parse(rules, parts[2]); // validates
                out.add(new Position(rules, Integer.parseInt(parts[1]), parts[2]));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** Nanoseconds as {@link Result} counts them: this thread's CPU time with one thread, else wall time. */
    private java.util.function.LongSupplier clock() {
        if (resources.threads() > 1) return System::nanoTime;
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        return cpu::getCurrentThreadCpuTime;
    }

    /** Searches every position; see the class comment. */
    public static Result run(List<Position> positions, int depthOverride, Consumer<String> progress) {
        return new Bench().search(positions, depthOverride, progress);
    }

    /** True once a position's search has searched a node (a test stops a bench inside one). */
    boolean searching() {
        Search s = current;
        return s != null && s.nodes() > 0;
    }

    /** Ends a running {@link #search} at once; its result is then incomplete. Thread-safe. */
    public void stop() {
        stopped = true;
        Search s = current;
        if (s != null) s.stop();
    }

    /**
     * Searches every position (one search object, so one table, per variant at a time: the
     * positions of a variant come together in bench.txt) until done or stopped.
     */
    public Result search(List<Position> positions, int depthOverride, Consumer<String> progress) {
        Search search = null;
        List<String> lines = new ArrayList<>();
        long totalNodes = 0;
        java.util.function.LongSupplier clock = clock();
        long searching = 0; // only the searches: making, clearing a table and loading tables are not searching
        int index = 0;
        for (Position bp : positions) {
            if (stopped) break;
            index++;
            if (search == null || search.rules() != bp.rules()) {
                search = null; // the previous table may go before the next is allocated
                search = new Search(bp.rules(), Evaluations.named(bp.rules(), evaluation), resources.hashMb());
                search.setThreads(resources.threads());
                if (tables != null) search.setEgdb(tables.tables(bp.rules()));
            }
            search.clear();
            Game game = new Game(bp.rules(), Fen.parse(bp.rules(), bp.fen()));
            int depth = depthOverride > 0 ? depthOverride : bp.depth();
            SearchLimits limits = SearchLimits.depth(depth);
            // Prepared (its stop flag cleared) before stop() can reach it: a stop from now on holds.
            search.prepare(limits);
            current = search;
            if (stopped) break;
            long t0 = clock.getAsLong();
            final SearchInfo[] last = new SearchInfo[1];
            Move best = search.run(game, limits, 0, new SearchListener() {
                @Override
                public void info(SearchInfo info) {
                    last[0] = info;
                }

                @Override
                public void bestMove(Move move, Move ponder) { }
            });
            long took = clock.getAsLong() - t0;
            searching += took;
            if (stopped) { // the stopped position's nodes were searched too ("bench stopped after 0 positions (0 nodes)")
                totalNodes += search.nodes();
                break;
            }
            long ms = took / 1_000_000;
            long nodes = search.nodes();
            totalNodes += nodes;
            String score = last[0] == null ? "none"
                    : last[0].mateIn() != 0 ? "mate " + last[0].mateIn() : "cp " + last[0].scoreCp();
            String line = String.format(java.util.Locale.ROOT, "position %2d %-13s depth %2d nodes %9d time %5d ms best %-10s score %s",
                    index, bp.rules().name(), depth, nodes, ms, best == null ? "(none)" : new MoveNotation(bp.rules()).format(game.position(), best), score);
            lines.add(line);
            if (progress != null) progress.accept(line);
        }
        long ms = Math.max(1, searching / 1_000_000);
        return new Result(List.copyOf(lines), totalNodes, ms, totalNodes * 1000 / ms, lines.size() == positions.size());
    }
}
