package org.damka.engine;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.egdb.EgdbSettings;
import org.damka.eval.Evaluations;
import org.damka.eval.Evaluator;
import org.damka.eval.learned.LearnedEvaluator;
import org.damka.eval.learned.LearnedWeights;
import org.damka.files.FileErrors;
import org.damka.game.Game;
import org.damka.game.GameResult;
import org.damka.movegen.Move;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.damka.search.Search;
import org.damka.search.SearchInfo;
import org.damka.search.SearchLimits;
import org.damka.search.SearchListener;
import org.damka.search.TranspositionTable;

/**
 * The engine facade the protocols talk to: variant, position, options, and an asynchronous
 * search on its own thread. Every setter validates first and changes nothing when it fails, so a
 * bad command leaves the previous state. Nothing here prints.
 *
 * <p>A search counts as running until its best move has been handed to the listener: a command
 * that arrives just after that is served at once (a new search first waits the microseconds it
 * takes the old search thread to return). A protocol that wants the answer printed before it
 * goes on calls {@link #waitForSearch}.
 *
 * <p>The transposition table belongs to the engine and is sized within the heap the JVM really
 * has ({@link #setHashMb}); searches of every variant share it. Each session (a protocol loop, a
 * game of the web board) has its own engine; what they share is immutable (the {@link Rules}) or
 * the process's own (the JIT warm-up). Its options are declared once, in {@link EngineOption}.
 */
public final class Engine {
    public static final int DEFAULT_HASH_MB = 16, MAX_HASH_MB = 4096;
    public static final int MAX_THREADS = 64;
    public static final int MAX_MULTI_PV = 64;
    public static final long MAX_MOVE_OVERHEAD_MS = 5000;
    public static final long DEFAULT_MOVE_OVERHEAD_MS = 10;
    public static final int MAX_SEARCH_DEPTH = Search.MAX_PLY - 1;
    /**
     * The largest node limit a search takes: years of search. A bound below a long's range, so
     * that a number too large for a long (read as the largest long) is refused, not taken.
     */
    public static final long MAX_SEARCH_NODES = 1_000_000_000_000_000L;
    public static final int MAX_PERFT_DEPTH = 40;
    /**
     * Heap the engine needs besides its table: workers (about 7 MB each), the bench's own 16 MB
     * table, perft and the JVM's own working space.
     */
    private static final long RESERVE_BYTES = 64L << 20, RESERVE_PER_THREAD_BYTES = 8L << 20;

    /**
     * A search, perft or bench started by go, goPerft or goBench: a handle to stop that one and
     * no later job (searches reuse one {@link Search}).
     */
    public static final class Job {
        /** Set (before the listener is called) once the job has answered. */
        private final AtomicBoolean answered;
        private final Runnable stopper;

        private Job(AtomicBoolean answered, Runnable stopper) {
            this.answered = answered;
            this.stopper = stopper;
        }
    }

    /** Receives the results of {@link #goPerft}, on the engine's thread. */
    public interface PerftListener {
        /** The count below one root move (a move of the position perft started from). */
        void move(Move move, long count);

        /** The end: total of the reported moves; complete is false when stopped early. */
        void finished(long total, int movesDone, int movesTotal, boolean complete);
    }

    private Rules rules = Variants.RUSSIAN;
    private Game game = new Game(rules, Fen.parse(rules, rules.startFen()));
    /** Dropped when the variant, hash or evaluation changes; rebuilt by {@link #ready}, {@link #prepareInBackground} or go. */
    private Search search;
    private TranspositionTable table;
    /** False while the table is as allocated or cleared: a new search needs no clear (seconds for a large table). */
    private boolean tableUsed;
    private int hashMb;
    /** How late answers to timed searches came; added to the move overhead. */
    private final Lateness lateness = new Lateness();
    /** The JIT is the process's: one warm-up serves every engine (each game of the web board or DXP). */
    static final WarmUp WARM_UP = new WarmUp();
    /** Calls of {@link #stop()} so far: a warm-up in {@link #ready} ends when it changes. */
    private volatile long stopsAsked;
    private int threads = 1;
    private int multiPv = 1;
    private boolean ponder;
    private long moveOverheadMs = DEFAULT_MOVE_OVERHEAD_MS;
    private String evaluation = Evaluations.AUTO;
    /** Weights from the EvalFile option for the learned evaluation, or null: the built-in ones. */
    private LearnedWeights evalFileWeights;
    private String evalFile = EVAL_FILE_BUILT_IN;
    /** The EvalFile value that means the weights shipped in the jar. */
    public static final String EVAL_FILE_BUILT_IN = "<built-in>";
    /** Endgame tables: options EGDBPath and EGDBPieces (issue 15), or a set other engines share too. */
    private final EgdbSettings egdb;
    /** True when {@link #egdb} is shared: its options are not this engine's to change, nor its notes its to show. */
    private final boolean sharedTables;
    /** False: searches probe no tables (the browser board's weak levels end games as a weak player would). */
    private boolean probeTables = true;

    /**
     * The one thread that runs jobs, kept between them: on a loaded machine a new thread waits
     * for its first time slice far longer than a waiting one takes to wake (a new thread started
     * 180 ms after its {@code go} was served, with 20 runnable threads on 2 cores).
     */
    private Thread jobThread;
    private final BlockingQueue<Runnable> jobs = new LinkedBlockingQueue<>();
    private boolean closed;
    /** Counted down when the last job's work has returned. */
    private CountDownLatch jobFinished = new CountDownLatch(0);
    /** The last search, perft or bench started (finished when it has answered). */
    private Job job = new Job(new AtomicBoolean(true), () -> { });
    private java.util.concurrent.ScheduledExecutorService timer;
    /** Said at the next search: the default table did not fit, a smaller one is used. */
    private String hashNote;

    /**
     * An engine with the default hash table ({@value #DEFAULT_HASH_MB} MB), or a 1 MB one where
     * the heap has no room for that (under about 90 MB, e.g. {@code -Xmx64m}): an engine that
     * would not start at all helps nobody; it says so at its first search.
     */
    public Engine() {
        this(DEFAULT_HASH_MB, true, null);
    }

    private Engine(int hashMb, boolean smallerIfNoRoom, EgdbSettings shared) {
        this.sharedTables = shared != null;
        this.egdb = sharedTables ? shared : new EgdbSettings();
        boolean fits = roomForTable() >= TranspositionTable.bytesFor(hashMb);
        if (!fits && !smallerIfNoRoom) requireRoomFor(hashMb);
        int mb = fits ? hashMb : 1;
        this.table = new TranspositionTable(mb);
        this.hashMb = mb;
        if (!fits) {
            hashNote = "Hash " + mb + " MB: the default " + hashMb + " MB does not fit in the Java heap (max "
                    + (Runtime.getRuntime().maxMemory() >> 20) + " MB); give Java more heap with -Xmx, e.g. java -Xmx256m -jar damka.jar";
        }
    }

    /** An engine whose table has this size from the start (the browser board's are small: no default one first). */
    public Engine(int hashMb) {
        this(checkedHashMb(hashMb, "Hash"), false, null);
    }

    /**
     * An engine of one variant, with a table of this size, that probes that variant's endgame
     * tables loaded (once) for many engines: the browser board's rooms, where each engine's own
     * copy would take hundreds of MB. Its variant stays: another would load its tables into the
     * shared settings, uncounted.
     */
    public Engine(int hashMb, String variant, EgdbSettings sharedTables) {
        this(checkedHashMb(hashMb, "Hash"), false, java.util.Objects.requireNonNull(sharedTables));
        useVariant(variant);
    }

    /**
     * The table size in MB if the engine takes it (1..{@link #MAX_HASH_MB}); else the reason,
     * thrown, naming the setting as its user knows it ({@code Hash}, {@code --hash}).
     */
    public static int checkedHashMb(int hashMb, String name) {
        if (hashMb < 1 || hashMb > MAX_HASH_MB) throw new IllegalArgumentException(name + " must be 1.." + MAX_HASH_MB + " MB, got " + hashMb);
        return hashMb;
    }

    /** The number of search threads if the engine takes it (1..{@link #MAX_THREADS}); else the reason, thrown, as above. */
    public static int checkedThreads(int n, String name) {
        if (n < 1 || n > MAX_THREADS) throw new IllegalArgumentException(name + " must be 1.." + MAX_THREADS + ", got " + n);
        return n;
    }

    public synchronized Rules rules() { return rules; }
    /** A copy of the current game (position and history). */
    public synchronized Game game() { return game.copy(); }
    public synchronized int hashMb() { return hashMb; }
    public synchronized int threads() { return threads; }
    public synchronized int multiPv() { return multiPv; }
    public synchronized boolean ponder() { return ponder; }
    public synchronized long moveOverheadMs() { return moveOverheadMs; }
    /** The evaluation chosen: {@code auto} (default: the variant's strongest), {@code classic}, {@code learned} or {@code material} (the baseline). */
    public synchronized String evaluation() { return evaluation; }
    /** The EvalFile option: a path, or {@link #EVAL_FILE_BUILT_IN}. */
    public synchronized String evalFile() { return evalFile; }

    /** Switches variant (and resets the position to its start). */
    public synchronized void setVariant(String name) {
        if (sharedTables && !rules.name().equals(name)) {
            throw new IllegalStateException("this engine plays " + rules.name() + " only: its endgame tables are shared");
        }
        useVariant(name);
    }

    private void useVariant(String name) {
        Rules r = Variants.byName(name);
        if (r == null) throw new IllegalArgumentException("unknown variant '" + name + "' (one of " + String.join(", ", Variants.names()) + ")");
        requireIdle();
        game = new Game(r, Fen.parse(r, r.startFen()));
        // The same variant again (a GUI sets it before every game) keeps the built search.
        if (r != rules) dropSearch();
        rules = r;
    }

    /** The start position of the variant in use. */
    public synchronized Position startPosition() {
        return Fen.parse(rules, rules.startFen());
    }

    /**
     * Sets the position: a start position of the variant in use and moves played from it (the
     * protocol has read them with its {@link org.damka.movegen.MoveCodec}). All or nothing: on
     * any error the previous game stays and the exception says why.
     */
    public synchronized void setPosition(Position start, List<Move> moves) {
        setPosition(start, moves, Referee.ENGINE);
    }

    /** Who ends a game by the draw rules (repetition, the move counts): the engine, or its client. */
    public enum Referee {
        /** A move after a draw by damka's rules is refused (UCI: the game is over). */
        ENGINE,
        /**
         * The client referees and may play on where damka's rules have drawn (its counts may be
         * longer: FMJD gives three pieces against a lone king 16 moves, damka's rules 5), as a Hub
         * GUI does; only a board that has ended (no pieces, no move) refuses a move.
         */
        CLIENT
    }

    /** As {@link #setPosition(Position, List)}, with the draw rules applied by that referee. */
    public synchronized void setPosition(Position start, List<Move> moves, Referee referee) {
        requireIdle();
        Game g = new Game(rules, start);
        for (int i = 0; i < moves.size(); i++) play(g, moves.get(i), i + 1, referee);
        game = g;
    }

    /** The moves {@link #play} would take now, in notation: none once the game is over. */
    public synchronized List<String> legalMoveTexts() {
        return game.result().isPresent() ? List.of() : game.legalMoveTexts();
    }

    /** Plays one more move in the current game (the opponent's or ours); an illegal one changes nothing. */
    public synchronized void play(Move move) {
        requireIdle();
        play(game, move, game.plies() + 1, Referee.ENGINE);
    }

    private static void play(Game g, Move move, int number, Referee referee) {
        Optional<GameResult> end = referee == Referee.CLIENT ? g.boardResult() : g.result();
        if (end.isPresent()) {
            throw new IllegalArgumentException("move " + number + ": the game is already over (" + end.get() + ")");
        }
        try {
            g.play(move);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("move " + number + ": " + e.getMessage(), e);
        }
    }

    /** Forgets what was learnt in the previous game (the hash table). */
    public synchronized void newGame() {
        requireIdle();
        // The table is emptied here, once, also when the search is to be rebuilt (a variant set
        // before ucinewgame): a go read right after would otherwise empty it on its clock.
        emptyTable();
        if (search != null) search.clearHistory();
        game = new Game(rules, game.startPosition());
    }

    /**
     * Chooses the evaluation: {@code auto} (default: {@code learned} in the variants of
     * {@link Evaluations#LEARNED_BY_DEFAULT}, else {@code classic}), {@code classic} ({@code full} is
     * accepted for it), {@code learned} or {@code material} (material only, the baseline for strength tests and
     * matches). Exposed by the protocol as option "Evaluation".
     */
    public synchronized void setEvaluation(String name) {
        String canonical = Evaluations.canonicalName(name);
        requireIdle();
        if (!canonical.equals(evaluation)) dropSearch();
        evaluation = canonical;
    }

    /**
     * Loads the learned evaluation's weights from a file ({@link #EVAL_FILE_BUILT_IN}: the ones
     * in the jar). A file that cannot be read, is corrupt or is for another variant is refused
     * and the previous weights stay. Exposed by the protocol as option "EvalFile".
     */
    public synchronized void setEvalFile(String path) {
        LearnedWeights w = null;
        if (!path.equals(EVAL_FILE_BUILT_IN)) {
            java.nio.file.Path file = FileErrors.path(path);
            try {
                w = LearnedWeights.read(rules, file);
            } catch (java.io.IOException e) {
                throw new IllegalArgumentException("EvalFile '" + path + "': " + FileErrors.describe(file, e), e);
            }
        }
        requireIdle();
        evalFileWeights = w;
        evalFile = path;
        dropSearch();
    }

    /**
     * Why the EvalFile weights are not in use, or null (they are, or none were given): they are
     * another variant's, kept for when that variant is chosen again.
     */
    public synchronized String evalFileUnused() {
        if (evalFileWeights == null || evalFileFits()) return null;
        if (!Evaluations.resolve(rules, evaluation).equals(Evaluations.LEARNED)) return null; // no weights in use at all
        return "EvalFile " + evalFile + " holds " + evalFileWeights.variant() + " weights: " + rules.name()
                + " plays with its built-in ones (the file's again when the variant is " + evalFileWeights.variant() + ")";
    }

    /** Whether the EvalFile weights (given) are the variant in force's. */
    private boolean evalFileFits() {
        return evalFileWeights.variant().equals(rules.name());
    }

    /** The evaluation in use, with the EvalFile weights when they are for this variant. */
    private Evaluator evaluator() {
        String name = Evaluations.resolve(rules, evaluation); // auto becomes the variant's evaluation
        if (name.equals(Evaluations.LEARNED) && evalFileWeights != null && evalFileFits()) {
            return new LearnedEvaluator(rules, evalFileWeights);
        }
        return Evaluations.named(rules, name);
    }

    /**
     * Resizes the hash table, within the heap the JVM really has: a size that does not fit (with
     * what the engine needs besides) is refused with an error that says how to give Java more,
     * and the old table stays (emptied, in the rare case that the heap held less than it showed
     * and the allocation failed after the old table was let go).
     */
    public synchronized void setHashMb(int mb) {
        checkedHashMb(mb, "Hash");
        requireIdle();
        if (mb == hashMb) return;
        requireRoomFor(mb);
        hashNote = null; // the size is the user's choice now
        dropSearch();
        table = null; // the old table may go before the new one is allocated
        try {
            table = new TranspositionTable(mb);
        } catch (OutOfMemoryError e) {
            try {
                table = new TranspositionTable(hashMb);
            } catch (OutOfMemoryError again) {
                // Not even the old size fits now (the heap holds more than before): the least, so
                // that the engine still searches (a missing table failed every later go).
                table = new TranspositionTable(1);
                hashMb = 1;
            }
            throw tooLarge(mb);
        } finally {
            tableUsed = false;
        }
        hashMb = mb;
    }

    /**
     * Bytes a new table may take: the free heap, but no more than the old generation has free (an
     * array this large is allocated there; with the serial collector of the launcher that is two
     * thirds of the heap), plus the current table, which lives there, less the reserve.
     */
    private long roomForTable() {
        Runtime rt = Runtime.getRuntime();
        long free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        MemoryUsage old = oldGeneration();
        if (old != null) free = Math.min(free, old.getMax() - old.getUsed());
        long current = table == null ? 0 : table.bytes();
        return free + current - RESERVE_BYTES - RESERVE_PER_THREAD_BYTES * searchThreads();
    }

    /**
     * The old generation's use: the heap pool that supports a usage threshold, which is the
     * tenured pool of the generational collectors (Serial, Parallel, G1, whose humongous regions
     * count there) and the one pool of the others (ZGC, Shenandoah: the whole heap), never eden
     * or survivor; null if there is none with a maximum.
     */
    private static MemoryUsage oldGeneration() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() != MemoryType.HEAP || !pool.isValid() || !pool.isUsageThresholdSupported()) continue;
            MemoryUsage u = pool.getUsage();
            if (u.getMax() > 0) return u;
        }
        return null;
    }

    /**
     * Throws {@link #tooLarge} unless a table of mb fits beside what the engine needs; when it
     * looks full, the other variants' endgame tables go and a collection runs first (what looked
     * used may be garbage).
     */
    private void requireRoomFor(int mb) {
        long need = TranspositionTable.bytesFor(mb);
        if (need <= roomForTable()) return;
        egdb.dropOtherVariants();
        System.gc();
        if (need > roomForTable()) throw tooLarge(mb);
    }

    private IllegalArgumentException tooLarge(int mb) {
        long maxMb = Runtime.getRuntime().maxMemory() >> 20;
        long roomMb = Math.max(0, roomForTable() >> 20);
        // The table and the reserve must fit in the old generation, a share of the heap.
        MemoryUsage old = oldGeneration();
        double oldShare = old == null ? 1 : Math.min(1, (double) old.getMax() / Runtime.getRuntime().maxMemory());
        long heapNeed = (long) Math.ceil((TranspositionTable.bytesFor(mb) + RESERVE_BYTES + RESERVE_PER_THREAD_BYTES * searchThreads()) / oldShare);
        long suggestGb = (heapNeed + (1L << 30) - 1 >> 30) + 1;
        return new IllegalArgumentException("Hash " + mb + " MB does not fit in the Java heap (max " + maxMb
                + " MB, room for about " + roomMb + " MB)" + (table == null ? "" : "; Hash stays " + hashMb + " MB") + ". Give Java more heap with -Xmx,"
                + " e.g. java -Xmx" + suggestGb + "g -jar damka.jar");
    }

    public synchronized void setThreads(int n) {
        checkedThreads(n, "Threads");
        requireIdle();
        threads = n;
    }

    /**
     * The threads a search really uses: the option, capped to the processors the JVM sees. More
     * threads than processors add no search, and on a busy machine they starve the main thread,
     * whose clock decides when to answer.
     */
    public synchronized int searchThreads() {
        return Math.min(threads, Runtime.getRuntime().availableProcessors());
    }

    public synchronized void setMultiPv(int n) {
        if (n < 1 || n > MAX_MULTI_PV) throw new IllegalArgumentException("MultiPV must be 1.." + MAX_MULTI_PV + ", got " + n);
        multiPv = n;
    }

    public synchronized void setPonder(boolean on) {
        ponder = on;
    }

    public synchronized void setMoveOverheadMs(long ms) {
        if (ms < 0 || ms > MAX_MOVE_OVERHEAD_MS) throw new IllegalArgumentException("Move Overhead must be 0.." + MAX_MOVE_OVERHEAD_MS + " ms, got " + ms);
        moveOverheadMs = ms;
    }

    /**
     * Builds what the next search needs (the search, the evaluation's weights, the endgame
     * tables, whose load leaves its notes) without warming the JIT up: isready at the end of the
     * input, where no move follows to warm up for, but the script still wants to know that the
     * options it set are usable.
     */
    public void prepare() {
        prepare(stoppedSinceNow());
    }

    /**
     * {@link #prepare()}, the tables' load waited for outside the engine's lock and only until
     * {@code giveUp} says so (a stop or quit: the search then loads them in the background).
     */
    public void prepare(java.util.function.BooleanSupplier giveUp) {
        EgdbSettings tables;
        Rules r;
        synchronized (this) {
            requireIdle();
            if (!probeTables || sharedTables) { // shared tables are loaded, and waited for, by whoever shares them
                buildSearch();
                return;
            }
            tables = egdb;
            r = rules;
        }
        tables.tables(r, giveUp);
        synchronized (this) {
            requireIdle();
            buildSearch(); // what the wait loaded is adopted; a load still under way goes on without the search
        }
    }

    /** True once a stop (or quit) comes after this call: a wait's end for a caller without its protocol's order. */
    private java.util.function.BooleanSupplier stoppedSinceNow() {
        long stopsBefore = stopsAsked; // a stop waiting for the lock meanwhile counts
        return () -> stopsAsked != stopsBefore;
    }

    /**
     * Builds what the next search needs, so that go starts at once (the protocol calls it on
     * isready, which UCI GUIs send after changing options or starting a game), and the first time
     * for a variant warms the JIT up ({@link WarmUp}), so the first moves keep their time.
     */
    public void ready() {
        ready(stoppedSinceNow());
    }

    /**
     * {@link #ready()}, the tables' wait and the warm-up ended as soon as {@code giveUp} says so:
     * the protocol's "a stop or quit read after the isready" (one read before it, but counted only
     * once the isready is served, would otherwise be taken for a later one, or missed).
     */
    public void ready(java.util.function.BooleanSupplier giveUp) {
        Rules r;
        String e;
        prepare(giveUp);
        synchronized (this) {
            r = rules;
            e = evaluation;
        }
        try {
            // Outside the lock: stop and the getters stay answered meanwhile, and a stop (or quit) ends it.
            WARM_UP.once(r, e, giveUp);
        } catch (OutOfMemoryError oom) {
            // Its own small table did not fit: the first moves go unwarmed, the engine goes on.
        }
    }

    /**
     * Builds the next search on the job thread if none is built and nothing runs, so that a go
     * sent without isready (a script, a GUI that skips it) does not pay for it on its clock: in a
     * fresh process the build (the evaluation's weights, the search's classes) takes 60-130 ms,
     * more than a short move. The protocols call it when they start and after an option change.
     * A go that comes first builds the search itself, as before; one that comes during the build
     * waits for it on the lock. A build that fails is left to that go, which reports it. The
     * endgame tables are not loaded here (seconds, under the lock) but at isready or go, as before.
     */
    public synchronized void prepareInBackground() {
        if (closed || search != null || searching()) return;
        try {
            ensureJobThread();
        } catch (NoThread e) {
            return; // only a head start: the go that follows says what is wrong
        }
        jobs.add(() -> {
            synchronized (this) {
                if (!closed && !searching()) newSearchIfNone();
            }
        });
    }

    /** True once the next search is built (a test's view of {@link #prepareInBackground}). */
    synchronized boolean searchBuilt() {
        return search != null;
    }

    /**
     * The search for the next move, with the endgame tables if they are loaded: a go does not
     * wait for them (it runs without them while they load in the background); isready waits
     * first ({@link #prepare(java.util.function.BooleanSupplier)}).
     */
    private void buildSearch() {
        newSearchIfNone();
        search.setEgdb(!probeTables ? null : egdb.tablesIfLoaded(rules));
    }

    /**
     * Drops the search (rebuilt before the next go). Its endgame tables are let go now: the last
     * job still holds the search, and another variant's load may need their room.
     */
    private void dropSearch() {
        if (search != null) search.setEgdb(null);
        search = null;
    }

    /** Empties the table unless nothing was searched since it was allocated or emptied. */
    private void emptyTable() {
        if (tableUsed) table.clear();
        tableUsed = false;
    }

    private void newSearchIfNone() {
        if (search == null) {
            emptyTable(); // entries of another variant or evaluation would mislead
            search = new Search(rules, evaluator(), table);
        }
    }

    public synchronized String egdbPath() { return egdb.path(); }
    public synchronized int egdbPieces() { return egdb.pieces(); }

    public synchronized void setEgdbPath(String folder) {
        requireIdle();
        requireOwnTables();
        releaseTables();
        egdb.setPath(folder);
    }

    public synchronized void setEgdbPieces(int n) {
        requireIdle();
        requireOwnTables();
        releaseTables();
        egdb.setPieces(n);
    }

    /** The search lets its tables go (it gets them back before the next search): a reload must not need room for two sets. */
    private void releaseTables() {
        if (search != null) search.setEgdb(null);
    }

    private void requireOwnTables() {
        if (sharedTables) throw new IllegalStateException("this engine's endgame tables are shared: their options are not its own");
    }

    /**
     * Whether the next searches probe the endgame tables (they do unless told otherwise); each
     * go gives its search the tables anew, so the search and its table stay as they are.
     */
    public synchronized void setProbeTables(boolean probe) {
        requireIdle();
        probeTables = probe;
    }

    /**
     * What the last table loads found (bad files, the tables loaded or none), each shown once;
     * none for shared tables (whoever shares them says what their loads found).
     */
    public synchronized List<EgdbSettings.Note> takeEgdbNotes() { return sharedTables ? List.of() : egdb.takeNotes(); }

    /**
     * The endgame tables' value of the current position, in words. A load it waits for is waited
     * for without the engine's lock (a stop meanwhile is answered at once), and only until
     * {@code giveUp} says so (the protocol's: a stop read after the command).
     */
    public String egdbValue(java.util.function.BooleanSupplier giveUp) {
        EgdbSettings tables;
        Rules r;
        Position p;
        synchronized (this) {
            tables = egdb;
            r = rules;
            p = game.position(); // a game's positions are never changed once played
        }
        return tables.describe(r, p, giveUp);
    }

    /** True while a search (or perft) runs and has not answered yet. */
    public synchronized boolean searching() {
        return jobFinished.getCount() > 0 && !job.answered.get();
    }

    private void requireIdle() {
        if (searching()) throw new IllegalStateException("a search is running (send stop first)");
    }

    /** Starts a job (search, perft, bench) on the engine's thread. Called with the lock held. */
    private Job start(Runnable work, AtomicBoolean done, Runnable stop) {
        if (closed) throw new IllegalStateException("the engine is closed");
        ensureJobThread(); // first: a job that never runs must not look like one running
        job = new Job(done, stop);
        CountDownLatch finished = new CountDownLatch(1);
        jobFinished = finished;
        jobs.add(() -> {
            try {
                work.run();
            } finally {
                finished.countDown();
            }
        });
        return job;
    }

    private void ensureJobThread() {
        if (jobThread == null || !jobThread.isAlive()) {
            Thread t = org.damka.system.Daemons.start("damka-engine", this::runJobs);
            if (t == null) throw new NoThread();
            jobThread = t;
        }
    }

    /** The system refused the engine a thread: its limit on processes (ulimit -u, a container's pids limit). */
    private static final class NoThread extends IllegalStateException {
        NoThread() {
            super("cannot start a thread: the system's limit on processes or threads is reached (ulimit -u, a container's pids limit)");
        }
    }

    /**
     * Starts a search job; with no thread to run it on, answers at once with a legal move and
     * the reason, so the GUI is never left waiting.
     */
    private Job startSearch(Runnable work, AtomicBoolean done, Runnable stop, SearchListener once, Move fallback) {
        try {
            return start(work, done, stop);
        } catch (NoThread e) {
            once.message("error search failed: " + e.getMessage());
            once.bestMove(fallback, null);
            return new Job(done, () -> { });
        }
    }

    /** Queued by {@link #close}: the job thread ends when it takes it. */
    private static final Runnable END_OF_JOBS = () -> { };

    /**
     * The job thread's loop. It is a daemon, so it ends with the process; an engine that a
     * longer-lived program drops (a room of the browser board) ends it with {@link #close}.
     */
    private void runJobs() {
        try {
            for (Runnable next = jobs.take(); next != END_OF_JOBS; next = jobs.take()) {
                try {
                    next.run();
                } catch (RuntimeException | Error e) {
                    // Each job answers its own failure; this keeps the thread for the next job
                    // if answering failed too (a dead job thread would leave every later go unanswered).
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Stops the running job and ends the job thread once it has answered, so that nothing keeps
     * the engine (its table, its searches) alive. The engine starts no job after this.
     */
    public synchronized void close() {
        stop();
        closed = true;
        jobs.add(END_OF_JOBS);
        if (timer != null) {
            timer.shutdownNow();
            timer = null;
        }
    }

    /**
     * Waits for the work of a search that has already answered: it is only returning, but the
     * next search reuses its {@link Search}.
     */
    private void joinAnsweredSearch() {
        CountDownLatch finished = jobFinished;
        boolean interrupted = false;
        while (finished.getCount() > 0) {
            try {
                finished.await();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }

    /**
     * Starts a search of the current position on the engine's job thread and returns at once. The
     * listener receives the reports and, last, the best move (null when there is no legal move).
     * An illegal root move in {@code limits.searchMoves()} fails the call (nothing started).
     */
    public synchronized Job go(SearchLimits limits, SearchListener listener) {
        return go(limits, listener, System.nanoTime());
    }

    /**
     * As {@link #go(SearchLimits, SearchListener)}, the move's clock having started at
     * startNanos ({@link System#nanoTime}, e.g. when the command was read).
     */
    public synchronized Job go(SearchLimits limits, SearchListener listener, long startNanos) {
        requireIdle();
        joinAnsweredSearch();
        if (!limits.searchMoves().isEmpty()) limits = limits.withSearchMoves(legalRootMoves(limits.searchMoves()));
        Game g = game.copy();
        MoveList legal = g.legalMoves(new MoveList());
        Move fallback = !limits.searchMoves().isEmpty() ? limits.searchMoves().get(0) : legal.size() > 0 ? legal.move(0) : null;
        AtomicBoolean done = new AtomicBoolean();
        SearchListener once = new SearchListener() {
            @Override public void info(SearchInfo info) { listener.info(info); }
            @Override public void totals(org.damka.search.SearchTotals totals) { listener.totals(totals); }
            @Override public void message(String text) { listener.message(text); }
            @Override public void trouble(String text) { listener.trouble(text); }
            @Override public void bestMove(Move move, Move ponder) {
                if (!done.compareAndSet(false, true)) return;
                try {
                    listener.bestMove(move, ponder);
                } catch (RuntimeException | Error e) {
                    done.set(false); // nothing went out: the fallback answer below gets its turn
                    throw e;
                }
            }
        };
        if (g.boardResult().isPresent()) {
            // The board has ended the game (a side without pieces, or without a move): no search,
            // no move, whatever the protocol (a set-up board may leave the side to move with moves).
            return startSearch(() -> once.bestMove(null, null), done, () -> { }, once, null);
        }
        Search s;
        SearchLimits l = limits;
        String threadsNote = null;
        try {
            buildSearch();
            s = search;
            try {
                s.setThreads(searchThreads());
            } catch (OutOfMemoryError e) { // the helpers' own tables do not fit: one thread searches
                threadsNote = "Threads " + searchThreads() + " do not fit in the Java heap; this search runs on " + s.threads();
            }
            s.setMultiPv(Math.min(multiPv, Search.MAX_MULTI_PV));
            s.prepare(l, startNanos);
        } catch (RuntimeException | Error e) {
            // No search to run (e.g. no memory left for it): the GUI still gets its answer.
            search = null;
            return startSearch(() -> {
                once.message("error search failed: " + e);
                once.bestMove(fallback, null);
            }, done, () -> { }, once, fallback);
        }
        tableUsed = true;
        if (threadsNote != null) listener.trouble(threadsNote);
        if (hashNote != null) listener.trouble(hashNote);
        hashNote = null;
        for (EgdbSettings.Note note : takeEgdbNotes()) {
            if (note.trouble()) listener.trouble(note.text());
            else listener.message(note.text());
        }
        long overhead = moveOverheadMs + lateness.marginMs();
        return startSearch(() -> {
            try {
                s.run(g, l, overhead, once);
                // A ponder search stopped before ponder hit was never on the clock: not late, however long.
                if (!s.endedPondering()) lateness.record(s.elapsedMs(), s.hardLimitMs(), s.readyMs());
            } catch (RuntimeException | Error e) {
                // Never leave the GUI waiting: report and answer with a legal move.
                listener.message("error search failed: " + e);
                once.bestMove(fallback, null);
            }
        }, done, s::stop, once, fallback);
    }

    /** The root moves without repeats; throws if one is not legal in the current position. */
    private List<Move> legalRootMoves(List<Move> moves) {
        MoveList legal = game.legalMoves(new MoveList());
        List<Move> out = new ArrayList<>();
        for (Move m : moves) {
            if (legal.indexOf(m) < 0) throw new IllegalArgumentException("searchmoves: a move is not legal in this position");
            if (!out.contains(m)) out.add(m);
        }
        return out;
    }

    /**
     * Starts a per-move perft of the current position on the engine's thread and returns at once;
     * {@link #stop} ends it early (the listener is told it is incomplete).
     */
    public synchronized Job goPerft(int depth, PerftListener listener) {
        if (depth < 1 || depth > MAX_PERFT_DEPTH) {
            throw new IllegalArgumentException("perft depth must be 1.." + MAX_PERFT_DEPTH + ", got " + depth);
        }
        requireIdle();
        joinAnsweredSearch();
        PerftJob job = new PerftJob(MoveGenerator.create(rules), depth);
        Position root = new Position(game.position());
        AtomicBoolean done = new AtomicBoolean();
        PerftListener once = new PerftListener() {
            @Override public void move(Move move, long count) { listener.move(move, count); }
            @Override public void finished(long total, int movesDone, int movesTotal, boolean complete) {
                if (done.compareAndSet(false, true)) listener.finished(total, movesDone, movesTotal, complete);
            }
        };
        return start(() -> {
            try {
                job.run(root, depth, once);
            } catch (RuntimeException | Error e) {
                once.finished(0, 0, 0, false);
            }
        }, done, job::stop);
    }

    /**
     * Starts the bench ({@link #bench}) on the engine's thread and returns at once: progress
     * gets each position's line, done the result (incomplete when stopped), or failed the error.
     */
    public synchronized Job goBench(int depthOverride, java.util.function.Consumer<String> progress,
                                     java.util.function.Consumer<Bench.Result> done,
                                     java.util.function.Consumer<RuntimeException> failed) {
        requireIdle();
        joinAnsweredSearch();
        List<Bench.Position> positions = Bench.positions();
        Bench bench = new Bench();
        AtomicBoolean answer = new AtomicBoolean();
        return start(() -> {
            try {
                Bench.Result result = bench.search(positions, depthOverride, progress);
                answer.set(true);
                done.accept(result);
            } catch (RuntimeException e) {
                answer.set(true);
                failed.accept(e);
            } catch (Error e) {
                answer.set(true);
                failed.accept(new IllegalStateException("internal error " + e, e));
            }
        }, answer, bench::stop);
    }

    /** Asks the running search (or perft, or bench) to stop; its answer follows at once. Ends a warm-up too. */
    public synchronized void stop() {
        stopsAsked++;
        stop(job);
    }

    /** Stops that job if it is still running; a later job is not affected (it may reuse its Search). */
    public synchronized void stop(Job j) {
        if (j == job && !j.answered.get()) j.stopper.run();
    }

    /**
     * Stops that job, if it still runs, after delayMs: a bound on a job nobody can stop any more
     * (the input has ended). A later job is not affected.
     */
    public synchronized void stopAfter(Job j, long delayMs) {
        if (j != job || j.answered.get()) return;
        if (timer == null) {
            timer = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "damka-stop-timer");
                t.setDaemon(true);
                return t;
            });
        }
        try {
            timer.schedule(() -> stop(j), delayMs, java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (OutOfMemoryError e) { // no thread for the timer (ulimit -u): the bound comes now
            stop(j);
        }
    }

    /**
     * Stops the running job (if any) and waits until its answer has been handed over and its work
     * has returned. One stop is enough: a stop that comes before the job's thread runs is kept.
     * An interrupt ends the wait early and stays set on the calling thread.
     */
    public void stopAndWait() {
        stop();
        try {
            waitForSearch();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The opponent played the expected move: the ponder search becomes a normal search, the
     * move's clock starting at hitNanos (when the ponder hit was read).
     */
    public void ponderHit(long hitNanos) {
        Search s;
        synchronized (this) {
            s = search;
        }
        if (s != null) s.ponderHit(hitNanos);
    }

    /** Waits until the running search (if any) has answered. */
    public void waitForSearch() throws InterruptedException {
        CountDownLatch finished;
        synchronized (this) {
            finished = jobFinished;
        }
        finished.await();
    }

    /** The evaluation terms of the current position (White's view), of the evaluation in use. */
    public synchronized List<Evaluator.Term> explainEvaluation() {
        return evaluator().explain(game.position());
    }

    /**
     * Searches the fixed bench positions (every variant) to their fixed depths with one thread,
     * a 16 MB table and fresh state per position, and returns the per-position lines and the
     * totals. The node total is the search's behavioural signature: the same on every run.
     *
     * @param depthOverride a depth for every position instead of the listed ones, or 0
     * @param progress      receives each per-position line as it is produced (may be null)
     */
    public synchronized Bench.Result bench(int depthOverride, java.util.function.Consumer<String> progress) {
        requireIdle();
        return Bench.run(Bench.positions(), depthOverride, progress);
    }

    /** The move overhead the time manager really uses: the option plus the measured lateness. */
    public synchronized long effectiveMoveOverheadMs() {
        return moveOverheadMs + lateness.marginMs();
    }

    /** The current position string. */
    public synchronized String fen() {
        return Fen.format(rules, game.position());
    }
}
