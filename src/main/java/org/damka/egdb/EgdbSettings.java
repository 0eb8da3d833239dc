package org.damka.egdb;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.damka.board.Position;
import org.damka.rules.Rules;

/**
 * The engine's options for endgame tables ({@code EGDBPath}, {@code EGDBPieces}) and the tables
 * they select, loaded when first needed after a change: at once for {@code isready} (which waits
 * for them), in the background for a search ({@link #tablesIfLoaded}), which must not spend its
 * clock on seconds of reading, nor hold up {@code stop}. What a load found waits here until the
 * protocol shows it (one {@code info string} line each): a line per bad file, then how many tables
 * were loaded, or, when a folder other than the default (or the default one that is there but
 * cannot be read) gave none, that it has none and why, so a mistyped path does not pass in silence. The tables of the variants played before stay loaded while the
 * heap has room (a bot alternating variants read them from disk at every game): they are held
 * softly, so Java lets them go before any allocation (another set's load, a search) runs out of
 * memory.
 */
public final class EgdbSettings {
    /** Where {@code damka egdb build} writes when no folder is given. */
    public static final String DEFAULT_PATH = "egdb";
    public static final int DEFAULT_PIECES = 5, MAX_PIECES = 7;

    private String path = DEFAULT_PATH;
    private int pieces = DEFAULT_PIECES;
    private Egdb loaded;
    /** The tables of other variants loaded before, with the same folder and pieces, held softly. */
    private final java.util.Map<Rules, java.lang.ref.SoftReference<Egdb>> kept = new java.util.HashMap<>();
    /** The load under way (in the background, or waited for), and what it was asked for. */
    private CompletableFuture<Loaded> loading;
    private Rules loadingRules;
    /**
     * The end of the last load started, adopted or not: the next starts after it, so two sets
     * never fill the heap at once. It holds no tables (a finished future keeps its result).
     */
    private CompletableFuture<Void> lastStarted;
    private final List<Note> notes = new ArrayList<>();

    /** A finished load: the tables and what it found, adopted by the next caller that asks. */
    private record Loaded(Egdb tables, List<Note> notes) { }

    /**
     * What a load found, for the protocol to show. A trouble is a table the user asked for and
     * does not get (a bad file, too little memory, a folder with none); the other note is the
     * count of tables loaded.
     */
    public record Note(String text, boolean trouble) {
        static Note trouble(String text) { return new Note(text, true); }

        static Note info(String text) { return new Note(text, false); }
    }

    public synchronized String path() { return path; }

    public synchronized int pieces() { return pieces; }

    public synchronized void setPath(String folder) {
        org.damka.files.FileErrors.path(folder); // validates
        // The same folder is read again only when it gave fewer tables than asked for (built
        // since the engine started?): a GUI that sends its options at every game reloads nothing.
        if (!folder.equals(path) || loaded != null && loaded.slices() < Egdb.balances(loaded.rules(), pieces).size()) forget();
        path = folder;
    }

    /** 0 turns probing off. */
    public synchronized void setPieces(int n) {
        if (n < 0 || n > MAX_PIECES) throw new IllegalArgumentException("EGDBPieces must be 0.." + MAX_PIECES + ", got " + n);
        if (n != pieces) forget();
        pieces = n;
    }

    /** The options changed: the tables loaded (or loading) are not the ones asked for now. */
    private void forget() {
        loaded = null;
        kept.clear();
        loading = null; // a load under way finishes on its own; nobody adopts it
    }

    /**
     * The tables of a variant (loading them if the options or the variant changed, and waiting
     * for that), or null if none.
     */
    public Egdb tables(Rules rules) {
        return tables(rules, () -> false);
    }

    /**
     * {@link #tables(Rules)}, giving the wait up (null) as soon as {@code giveUp} says so. The
     * wait holds no lock: searches go on asking {@link #tablesIfLoaded} meanwhile.
     */
    public Egdb tables(Rules rules, java.util.function.BooleanSupplier giveUp) {
        CompletableFuture<Loaded> load;
        synchronized (this) {
            if (pieces == 0) return null;
            if ((loaded == null || loaded.rules() != rules) && !takeKept(rules)) {
                load = startLoad(rules);
            } else {
                return loaded.slices() == 0 ? null : loaded;
            }
        }
        while (!load.isDone()) {
            if (giveUp.getAsBoolean()) return null;
            // Polled without allocating: load.get(timeout) made a TimeoutException every 20 ms, and
            // one met a heap the load had just filled (isready then said "internal error").
            java.util.concurrent.locks.LockSupport.parkNanos(20_000_000L);
            if (Thread.currentThread().isInterrupted()) return null;
        }
        // Adopted here unless another caller did, or the options changed meanwhile (then a new load has begun: none yet).
        return tablesIfLoaded(rules);
    }

    /**
     * The tables of a variant if they are loaded, else null while a load runs in the background
     * (started here when none is under way): a search goes on without them, and the one after the
     * load has them.
     */
    public synchronized Egdb tablesIfLoaded(Rules rules) {
        if (pieces == 0) return null;
        if ((loaded == null || loaded.rules() != rules) && !takeKept(rules)) {
            CompletableFuture<Loaded> load = startLoad(rules);
            if (!load.isDone()) return null;
            adopt(load.join());
        }
        return loaded.slices() == 0 ? null : loaded;
    }

    /**
     * Starts loading the tables of a variant in the background unless they are loaded or loading;
     * the future completes when that load has ended (the next {@link #tablesIfLoaded} adopts it).
     * Whoever waits for it waits without holding these settings: searches go on asking.
     */
    public synchronized CompletableFuture<?> loadInBackground(Rules rules) {
        if (pieces == 0 || loaded != null && loaded.rules() == rules) return CompletableFuture.completedFuture(null);
        return startLoad(rules);
    }

    /** The load of these tables: the one under way, or a new one on a thread of its own. */
    private CompletableFuture<Loaded> startLoad(Rules rules) {
        // The tables in use are another variant's now: kept softly, for Java to let go when anything needs the room.
        if (loaded != null && loaded.rules() != rules) {
            keep(loaded);
            loaded = null;
        }
        if (loading == null || loadingRules != rules) {
            String dir = path;
            int n = pieces;
            loadingRules = rules;
            java.util.concurrent.Executor thread = runnable -> org.damka.system.Daemons.startOrRunHere("damka-egdb-load", runnable);
            CompletableFuture<Void> before = lastStarted == null ? CompletableFuture.completedFuture(null) : lastStarted;
            loading = before.thenApplyAsync(x -> load(rules, dir, n), thread);
            lastStarted = loading.handle((done, failed) -> (Void) null);
        }
        return loading;
    }

    /** Makes the kept tables of a variant the loaded ones, keeping those they replace; false if none are kept. */
    private boolean takeKept(Rules rules) {
        java.lang.ref.SoftReference<Egdb> ref = kept.remove(rules);
        Egdb k = ref == null ? null : ref.get();
        if (k == null) return false;
        keep(loaded);
        loaded = k;
        return true;
    }

    private void keep(Egdb tables) {
        if (tables != null && tables.slices() > 0) kept.put(tables.rules(), new java.lang.ref.SoftReference<>(tables));
    }

    /** Lets the other variants' tables go now (a larger hash table measures its room before allocating). */
    public synchronized void dropOtherVariants() {
        kept.clear();
    }

    private static Loaded load(Rules rules, String dir, int pieces) {
        List<Note> found = new ArrayList<>();
        Egdb tables;
        try {
            tables = Egdb.load(Path.of(dir), rules, pieces, text -> found.add(Note.trouble(text)));
        } catch (RuntimeException | OutOfMemoryError e) { // on its own thread: said, never thrown at a search
            return new Loaded(new Egdb(rules), List.of(Note.trouble("EGDB: the tables of " + rules.name() + " in " + dir
                    + " could not be loaded: " + e)));
        }
        if (tables.slices() > 0) {
            found.add(Note.info("EGDB: " + tables.slices() + (tables.slices() == 1 ? " table of " : " tables of ") + rules.name()
                    + " up to " + tables.maxPieces() + " pieces from " + dir));
        } else if ((!dir.equals(DEFAULT_PATH) || Files.exists(Path.of(dir)) && Egdb.unreadable(rules, Path.of(dir)) != null)
                && !tables.leftOutForMemory()) {
            // The default folder may well be absent; one that is there but cannot be read is said.
            // (Files.exists first: a default folder whose parent cannot be read is not the user's concern.)
            found.add(Note.trouble("EGDB: " + Egdb.noTables(rules, pieces, Path.of(dir))));
        }
        return new Loaded(tables, found);
    }

    private void adopt(Loaded l) {
        loaded = l.tables();
        notes.addAll(l.notes());
        loading = null;
    }

    /** What loads found since the last call. */
    public synchronized List<Note> takeNotes() {
        List<Note> out = List.copyOf(notes);
        notes.clear();
        return out;
    }

    /**
     * The table value of a position in words ("win in 7 plies", "draw", "unknown"), waiting for
     * the tables' load unless {@code giveUp} says so first ("unknown: the tables are still loading").
     */
    public String describe(Rules rules, Position p, java.util.function.BooleanSupplier giveUp) {
        Egdb t = tables(rules, giveUp);
        if (t == null && giveUp.getAsBoolean()) {
            t = tablesIfLoaded(rules); // the load may have ended just as the wait gave up
            if (t == null && loadingFor(rules)) return EgdbValue.describe(EgdbValue.UNKNOWN) + ": the tables are still loading";
        }
        return EgdbValue.describe(t == null ? EgdbValue.UNKNOWN : t.probe(p));
    }

    private synchronized boolean loadingFor(Rules rules) {
        return loading != null && loadingRules == rules && !loading.isDone();
    }
}
