package org.damka.egdb;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.damka.board.Position;
import org.damka.rules.Rules;

/**
 * The engine's options for endgame tables ({@code EGDBPath}, {@code EGDBPieces}) and the tables
 * they select, loaded when first needed after a change. What a load found waits here until the
 * protocol shows it (one {@code info string} line each): a line per bad file, then how many tables
 * were loaded, or, when a folder other than the default gave none, that it has none, so a mistyped
 * path does not pass in silence.
 */
public final class EgdbSettings {
    /** Where {@code damka egdb build} writes when no folder is given. */
    public static final String DEFAULT_PATH = "egdb";
    public static final int DEFAULT_PIECES = 5, MAX_PIECES = 7;

    private String path = DEFAULT_PATH;
    private int pieces = DEFAULT_PIECES;
    private Egdb loaded;
    private final List<Note> notes = new ArrayList<>();

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
        Path.of(folder); // validates
        if (!folder.equals(path)) loaded = null;
        path = folder;
    }

    /** 0 turns probing off. */
    public synchronized void setPieces(int n) {
        if (n < 0 || n > MAX_PIECES) throw new IllegalArgumentException("EGDBPieces must be 0.." + MAX_PIECES + ", got " + n);
        if (n != pieces) loaded = null;
        pieces = n;
    }

    /** The tables of a variant (loading them if the options or the variant changed), or null if none. */
    public synchronized Egdb tables(Rules rules) {
        if (pieces == 0) return null;
        if (loaded == null || loaded.rules() != rules) {
            loaded = Egdb.load(Path.of(path), rules, pieces, text -> notes.add(Note.trouble(text)));
            if (loaded.slices() > 0) {
                notes.add(Note.info("EGDB: " + loaded.slices() + (loaded.slices() == 1 ? " table of " : " tables of ") + rules.name()
                        + " up to " + loaded.maxPieces() + " pieces from " + path));
            } else if (!path.equals(DEFAULT_PATH) && !loaded.leftOutForMemory()) {
                notes.add(Note.trouble("EGDB: " + Egdb.noTables(rules, pieces, Path.of(path))));
            }
        }
        return loaded.slices() == 0 ? null : loaded;
    }

    /** What loads found since the last call. */
    public synchronized List<Note> takeNotes() {
        List<Note> out = List.copyOf(notes);
        notes.clear();
        return out;
    }

    /** The table value of a position in words ("win in 7 plies", "draw", "unknown"). */
    public String describe(Rules rules, Position p) {
        Egdb t = tables(rules);
        return EgdbValue.describe(t == null ? EgdbValue.UNKNOWN : t.probe(p));
    }
}
