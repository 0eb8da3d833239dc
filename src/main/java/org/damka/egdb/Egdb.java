package org.damka.egdb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.files.FileErrors;
import org.damka.rules.Rules;

/**
 * The endgame tables of one variant held in memory, one array of values per material balance.
 * {@link #probe} looks a position up and allocates nothing; a balance without a table answers
 * {@link EgdbValue#UNKNOWN}. Read-only once loaded, so any number of threads may probe.
 */
public final class Egdb {
    private final Rules rules;
    private final SliceIndex.Domains domains;
    private final SliceIndex[] indices = new SliceIndex[Material.KEYS];
    private final byte[][] values = new byte[Material.KEYS][];
    private int maxPieces;
    private int slices;

    private boolean leftOutForMemory;

    public Egdb(Rules rules) {
        this.rules = rules;
        this.domains = new SliceIndex.Domains(rules);
    }

    public Rules rules() { return rules; }

    /** The most pieces of a loaded balance (0 when nothing is loaded). */
    public int maxPieces() { return maxPieces; }

    /** Number of loaded slices. */
    public int slices() { return slices; }

    /** True when the load gave up because the tables did not fit in the heap (it said so). */
    public boolean leftOutForMemory() { return leftOutForMemory; }

    /** The index of a balance (tables or not). */
    public SliceIndex index(Material m) {
        SliceIndex s = indices[m.key()];
        if (s == null) {
            s = new SliceIndex(domains, m);
            indices[m.key()] = s;
        }
        return s;
    }

    /** Adds (or replaces) a slice's values. Not to be called while other threads probe. */
    void add(Material m, byte[] v) {
        if (values[m.key()] == null) slices++;
        index(m);
        values[m.key()] = v;
        maxPieces = Math.max(maxPieces, m.pieces());
    }

    public boolean has(Material m) {
        return values[m.key()] != null;
    }

    /**
     * The value of a position ({@link EgdbValue}), or {@link EgdbValue#UNKNOWN}. A side to move
     * without pieces has lost. Allocates nothing.
     */
    public int probe(Position p) {
        if (p.count(p.sideToMove()) == 0) return EgdbValue.ofDistance(0);
        int key = Material.keyOf(p);
        if (key < 0) return EgdbValue.UNKNOWN;
        byte[] v = values[key];
        if (v == null) return EgdbValue.UNKNOWN;
        return v[(int) indices[key].indexOf(p)] & 0xff;
    }

    /** Positions per value of a loaded slice with White to move (even indices), or null if it is not loaded. */
    public EgdbCounts whiteToMoveCounts(Material m) {
        byte[] v = values[m.key()];
        return v == null ? null : EgdbCounts.of(v, 0, 2);
    }

    /** The stored value at an index of a loaded slice (for verification). */
    int probeIndex(Material m, int index) {
        return values[m.key()][index] & 0xff;
    }

    /**
     * Every balance with up to {@code pieces} pieces and at least one piece a side, in an order
     * in which each one's successors come first: fewer pieces first (captures), then fewer men
     * (a promotion turns a man into a king).
     */
    public static List<Material> balances(Rules rules, int pieces) {
        int maxMen = Fen.maxPiecesPerSide(rules);
        List<Material> out = new ArrayList<>();
        for (int total = 2; total <= pieces; total++) {
            for (int men = 0; men <= total; men++) {
                for (int wm = 0; wm <= men; wm++) {
                    int bm = men - wm;
                    for (int wk = 0; wk <= total - men; wk++) {
                        int bk = total - men - wk;
                        if (wm + wk == 0 || bm + bk == 0 || wm + wk > maxMen || bm + bk > maxMen) continue;
                        out.add(new Material(wm, wk, bm, bk));
                    }
                }
            }
        }
        return out;
    }

    /** The balances play from the target can reach, itself included, in build order (successors first). */
    public static List<Material> balancesFrom(Rules rules, Material target) {
        return balances(rules, target.pieces()).stream().filter(target::leadsTo).toList();
    }

    /**
     * The heap the tables of a variant in this folder take once loaded (one byte an index of each
     * balance that has a file), known before any is read.
     */
    public static long bytesInFolder(Path dir, Rules rules, int pieces) {
        Egdb sizes = new Egdb(rules);
        long bytes = 0;
        for (Material m : balances(rules, pieces)) {
            if (Files.isRegularFile(EgdbFile.path(dir, rules, m))) bytes += sizes.index(m).size();
        }
        return bytes;
    }

    /** What to tell a user whose folder gave no tables: which tables, where, and why if the folder is the reason. */
    public static String noTables(Rules rules, int pieces, Path dir) {
        String why = unreadable(rules, dir);
        return "no tables of " + rules.name() + " up to " + pieces + " pieces in " + dir + (why == null ? "" : " (" + why + ")");
    }

    /**
     * Why the tables' folder, or its variant's folder inside, cannot be read ("no such folder",
     * "not a folder", "permission denied", "File name too long"…), or null when both can be read
     * or the variant's folder is simply absent. (Files.isDirectory answers false for a folder
     * that cannot be examined, which was then called missing.)
     */
    public static String unreadable(Rules rules, Path dir) {
        for (Path folder : List.of(dir, dir.resolve(rules.name()))) {
            try {
                if (!Files.readAttributes(folder, java.nio.file.attribute.BasicFileAttributes.class).isDirectory()) {
                    return "not a folder" + (folder == dir ? "" : ": " + folder);
                }
                try (var entries = Files.newDirectoryStream(folder)) {
                    entries.iterator().hasNext();
                }
            } catch (java.nio.file.NoSuchFileException e) {
                return folder == dir ? "no such folder" : null;
            } catch (IOException | java.nio.file.DirectoryIteratorException e) {
                IOException cause = e instanceof IOException io ? io : ((java.nio.file.DirectoryIteratorException) e).getCause();
                return FileErrors.describe(folder, cause) + (folder == dir ? "" : " in " + folder);
            }
        }
        return null;
    }

    /**
     * Loads the tables of a variant with up to {@code pieces} pieces from {@code dir}. A missing
     * file is left out silently (its positions answer UNKNOWN); a bad one is left out with one
     * warning line that names it and says what is wrong. Tables that do not fit in the Java heap
     * are all left out, with a warning that says how far the load got: half a set would leave the
     * search without memory, and the engine must go on answering.
     */
    public static Egdb load(Path dir, Rules rules, int pieces, Consumer<String> warn) {
        return load(dir, rules, balances(rules, pieces), "the tables of " + rules.name() + " up to " + pieces + " pieces in " + dir,
                "Give Java more with -Xmx or set EGDBPieces lower", warn);
    }

    /**
     * Loads the tables that one balance's positions can reach (its own, and those its captures
     * and promotions lead to): what a single probe needs, a fraction of the whole set's memory.
     */
    public static Egdb loadFor(Path dir, Rules rules, Material target, Consumer<String> warn) {
        return load(dir, rules, balancesFrom(rules, target), "the tables " + target + " leads to in " + dir, "Give Java more with -Xmx", warn);
    }

    private static Egdb load(Path dir, Rules rules, List<Material> balances, String tables, String advice, Consumer<String> warn) {
        Egdb egdb = new Egdb(rules);
        long bytes = 0;
        for (Material m : balances) {
            Path file = EgdbFile.path(dir, rules, m);
            if (!Files.isRegularFile(file)) {
                // Not read (a pipe would block the load for ever), but said: it has a table's name.
                String what = FileErrors.notRegular(file);
                if (what != null) warn.accept("EGDB: skipped " + file + ": " + what);
                continue;
            }
            long size = egdb.index(m).size();
            try {
                egdb.add(m, EgdbFile.read(file, rules, m, size));
                bytes += size;
            } catch (IOException e) {
                warn.accept("EGDB: skipped " + file + ": " + FileErrors.describe(file, e));
            } catch (RuntimeException e) {
                warn.accept("EGDB: skipped " + file + ": " + e.getMessage());
            } catch (OutOfMemoryError e) {
                long heapMb = Runtime.getRuntime().maxMemory() >> 20;
                warn.accept("EGDB: " + tables + " need more memory than the Java heap has (" + (bytes >> 20) + " MB loaded, then "
                        + ((size + (1 << 20) - 1) >> 20) // rounded up: never "0 MB more"
                        + " MB more did not fit; heap at most " + heapMb + " MB); none are used. " + advice);
                Egdb none = new Egdb(rules);
                none.leftOutForMemory = true;
                return none;
            }
        }
        return egdb;
    }
}
