package org.damka.gui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.damka.egdb.Egdb;
import org.damka.egdb.EgdbSettings;
import org.damka.rules.Rules;
import org.damka.rules.Variants;

/**
 * The endgame tables the browser board's engines share: one set a variant, read once, in the
 * background from the server's start, and counted in the heap before the engine rooms are (each
 * engine loading its own copy would take hundreds of MB a room, which the cap on engine rooms
 * never counted). A variant's set is used only when the heap left holds at least
 * {@link #MIN_ENGINE_ROOMS} engine rooms; smaller sets are chosen first.
 */
public final class GuiTables {
    /** Engine rooms the tables must leave room for, or they are not used. */
    static final int MIN_ENGINE_ROOMS = 4;

    private final Map<Rules, EgdbSettings> byVariant;
    private final long bytes;

    private GuiTables(Map<Rules, EgdbSettings> byVariant, long bytes) {
        this.byVariant = byVariant;
        this.bytes = bytes;
    }

    /** No tables: every engine room plays without them. */
    public static GuiTables none() {
        return new GuiTables(Map.of(), 0);
    }

    /**
     * The tables with up to {@code pieces} pieces in {@code dir} that fit beside the engine rooms
     * in this Java heap, not read yet ({@link #loadInBackground}); {@code log} hears what is used,
     * and what is left out and why.
     */
    public static GuiTables select(Path dir, int pieces, long heapBytes, Consumer<String> log) {
        if (pieces <= 0) return none();
        record Found(Rules rules, long bytes) { }
        List<Found> found = new ArrayList<>();
        for (Rules r : Variants.all()) {
            long b = Egdb.bytesInFolder(dir, r, pieces);
            if (b > 0) found.add(new Found(r, b));
        }
        if (found.isEmpty()) {
            // The default folder may well be absent; any other is the user's and said.
            if (!dir.toString().equals(EgdbSettings.DEFAULT_PATH)) {
                String why = Egdb.unreadable(Variants.RUSSIAN, dir);
                log.accept("no endgame tables up to " + pieces + " pieces in " + dir + (why == null ? "" : " (" + why + ")"));
            }
            return none();
        }
        found.sort(Comparator.comparingLong(Found::bytes));
        Map<Rules, EgdbSettings> used = new LinkedHashMap<>();
        List<String> sets = new ArrayList<>();
        long total = 0;
        // The rooms a heap this small holds without tables, if fewer than the minimum: tables never take their place.
        long roomsNeeded = Math.min(MIN_ENGINE_ROOMS, GuiLimits.enginesFor(heapBytes));
        for (Found f : found) {
            if (heapBytes - GuiLimits.SERVER_BYTES - total - f.bytes() < roomsNeeded * GuiLimits.ENGINE_BYTES) {
                log.accept("the endgame tables of " + f.rules().name() + " in " + dir + " (" + megabytes(f.bytes())
                        + ") are left out: beside them the Java heap (" + megabytes(heapBytes) + ") would not hold " + roomsNeeded
                        + (roomsNeeded == 1 ? " engine game" : " engine games") + "; give Java more with -Xmx or set --egdb-pieces lower");
                continue;
            }
            EgdbSettings settings = new EgdbSettings();
            settings.setPath(dir.toString());
            settings.setPieces(pieces);
            used.put(f.rules(), settings);
            sets.add(f.rules().name() + " (" + megabytes(f.bytes()) + ")");
            total += f.bytes();
        }
        GuiTables tables = new GuiTables(java.util.Collections.unmodifiableMap(used), total);
        if (!used.isEmpty()) {
            log.accept("endgame tables in " + dir + " (" + pieces + " pieces at most): " + String.join(", ", sets));
        }
        return tables;
    }

    /**
     * Loads the sets one after the other on a thread of its own; {@code log} hears what each load
     * found, from that thread. An engine searches without a set until it is loaded (its go starts
     * its variant's load at once if this thread has not come to it: all are counted anyway).
     */
    public void loadInBackground(Consumer<String> log) {
        if (byVariant.isEmpty()) return;
        Thread t = new Thread(() -> {
            for (Map.Entry<Rules, EgdbSettings> e : byVariant.entrySet()) {
                e.getValue().loadInBackground(e.getKey()).join();
                e.getValue().tablesIfLoaded(e.getKey()); // adopts the load, and with it its notes
                for (EgdbSettings.Note note : e.getValue().takeNotes()) log.accept(note.text());
            }
        }, "damka-gui-tables");
        t.setDaemon(true);
        t.start();
    }

    /** The shared tables of a variant, or null when it has none. */
    EgdbSettings of(Rules rules) {
        return byVariant.get(rules);
    }

    /** The heap the tables take once loaded. */
    long bytes() { return bytes; }

    private static String megabytes(long bytes) {
        return ((bytes + (1 << 20) - 1) >> 20) + " MB";
    }
}
