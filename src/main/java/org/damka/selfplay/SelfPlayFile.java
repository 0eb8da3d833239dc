package org.damka.selfplay;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.IntConsumer;

import org.damka.board.Fen;
import org.damka.board.FenException;
import org.damka.files.FileErrors;
import org.damka.rules.Rules;

/**
 * The self-play data format: plain text, UTF-8, one record per line.
 *
 * <pre>
 * # damka selfplay 1 variant russian
 * # settings seed 1 depth 6 random-plies 6 evaluation classic
 * W:Wa1,c3,…:Bb8,…	1-0	35
 * …
 * # game 17 1-0 plies 83 positions 61
 * </pre>
 *
 * The first line names the format version and the variant; self-play writes a second, {@code #
 * settings …}, with what its games depend on besides their ids, which {@code --resume} checks. A position line is the position
 * string, the game's final result (1-0, 0-1, 1/2-1/2) and the search score in centi-men from
 * White's side, separated by tabs; a position string that does not parse is an error. A game's
 * position lines are followed by its {@code # game} line; each game is written as one block and
 * flushed, so a killed run leaves whole games plus at most one partial block at the end, which
 * readers ignore and {@code --resume} cuts off.
 */
public final class SelfPlayFile {
    public static final int VERSION = 1;
    private static final String HEADER = "# damka selfplay " + VERSION + " variant ";
    private static final String GAME = "# game ";
    private static final String SETTINGS = "# settings ";

    private SelfPlayFile() { }

    /** One kept position: the game's result for White (1, 0.5, 0), the score (White's view) and the game's id. */
    public record Sample(String fen, double result, int score, int game) { }

    public static String header(Rules rules) {
        return HEADER + rules.name();
    }

    /** The line after the header that records how a self-play run plays (seed, search, random plies, evaluation). */
    static String settingsLine(String settings) {
        return SETTINGS + settings;
    }

    /** The settings a file records on its second line, or null (none: rescore's files and those of sessions before 50). */
    static String settings(Path file) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            in.readLine();
            String second = in.readLine();
            return second != null && second.startsWith(SETTINGS) ? second.substring(SETTINGS.length()) : null;
        } catch (CharacterCodingException e) {
            throw new IOException(file + ": " + FileErrors.describe(file, e));
        }
    }

    public static String resultText(double whiteScore) {
        return whiteScore == 1 ? "1-0" : whiteScore == 0 ? "0-1" : "1/2-1/2";
    }

    private static double result(String text) throws IOException {
        return switch (text) {
            case "1-0" -> 1;
            case "0-1" -> 0;
            case "1/2-1/2" -> 0.5;
            default -> throw new IOException("bad result '" + quote(text) + "'");
        };
    }

    /** One whole game of a file: its {@code # game} line and its positions (with the game's id). */
    public record GameBlock(int id, String gameLine, List<Sample> samples) { }

    /**
     * Reads the whole games of a file (a partial block at the end is skipped) and returns the
     * ids of the games it holds. A file of another variant or format is an error.
     */
    public static Set<Integer> read(Path file, Rules rules, Consumer<Sample> sink) throws IOException {
        return read(file, rules, sink, lines -> { });
    }

    /** {@link #read}, telling {@code unfinished} of an unfinished end as {@link #readGames(Path, Rules, Consumer, IntConsumer)} does. */
    public static Set<Integer> read(Path file, Rules rules, Consumer<Sample> sink, IntConsumer unfinished) throws IOException {
        return readGames(file, rules, game -> game.samples().forEach(sink), unfinished);
    }

    /** {@link #read}, a whole game at a time. */
    public static Set<Integer> readGames(Path file, Rules rules, Consumer<GameBlock> sink) throws IOException {
        return readGames(file, rules, sink, lines -> { });
    }

    /**
     * {@link #readGames}, and when the file ends in lines that are not a whole game (a run
     * stopped or still writing), tells {@code unfinished} how many.
     */
    public static Set<Integer> readGames(Path file, Rules rules, Consumer<GameBlock> sink, IntConsumer unfinished) throws IOException {
        String notRegular = FileErrors.notRegular(file);
        if (notRegular != null) throw new IOException(file + ": " + notRegular);
        Set<Integer> games = new HashSet<>();
        List<Sample> block = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String first = in.readLine();
            if (first == null) return games;
            if (first.startsWith("\uFEFF")) first = first.substring(1); // a byte-order mark some editors write
            if (!first.equals(header(rules))) {
                throw new IOException(file + ": not a " + rules.name() + " self-play file (first line '" + quote(first)
                        + "', expected '" + header(rules) + "')");
            }
            int n = 1;
            // A bad line is an error only inside a whole game: the last, partial block of a
            // killed run may end in half a line, its game line included.
            String blockError = null;
            int blockLines = 0; // the position lines since the last game line, good or bad
            String line = in.readLine();
            while (line != null) {
                n++;
                String next = in.readLine();
                if (line.startsWith(GAME)) {
                    int id = gameId(line, blockLines);
                    if (id < 0 && next == null) { // half a game line at the end: its game is not done
                        blockLines++;
                        break;
                    }
                    if (blockError != null) throw new IOException(blockError);
                    if (id < 0) {
                        throw new IOException(file + " line " + n + ": bad game line '" + quote(line) + "' (expected '# game <id> <result> plies <n> positions "
                                + blockLines + "', the position lines above it)");
                    }
                    blockLines = 0;
                    games.add(id);
                    List<Sample> samples = new ArrayList<>(block.size());
                    for (Sample s : block) samples.add(new Sample(s.fen(), s.result(), s.score(), id));
                    sink.accept(new GameBlock(id, line, samples));
                    block.clear();
                } else if (!line.isEmpty() && !line.startsWith("#")) {
                    blockLines++;
                    String wrong = blockError == null ? addPosition(rules, line, block) : null;
                    if (wrong != null) blockError = file + " line " + n + ": " + wrong;
                }
                line = next;
            }
            if (blockLines > 0) unfinished.accept(blockLines);
        } catch (CharacterCodingException e) {
            throw new IOException(file + ": " + FileErrors.describe(file, e));
        }
        return games;
    }

    /** What a reader says of a file's unfinished end ({@link #readGames(Path, Rules, Consumer, IntConsumer)}). */
    public static String unfinishedEnd(Path file, int lines) {
        return file + ": the last " + lines + (lines == 1 ? " line is" : " lines are") + " not a whole game (a run stopped or still playing): left out";
    }

    /** Adds a position line's sample to the block; returns what is wrong with the line, or null. */
    private static String addPosition(Rules rules, String line, List<Sample> block) {
        String[] t = line.split("\t");
        try {
            if (t.length != 3) throw new IOException("expected position, result and score");
            Fen.parse(rules, t[0]);
            block.add(new Sample(t[0], result(t[1]), score(t[2]), -1));
            return null;
        } catch (FenException e) {
            return "bad position '" + quote(t[0]) + "': " + e.getMessage();
        } catch (IOException e) {
            return e.getMessage();
        }
    }

    /**
     * The id of a whole game line ({@code # game <id> <result> plies <n> positions <m>}, m the
     * position lines above it), or -1 when the line is not whole.
     */
    private static int gameId(String line, int positions) {
        String[] t = line.split(" ");
        if (t.length != 8 || !t[4].equals("plies") || !t[6].equals("positions")) return -1;
        try {
            result(t[3]);
            int id = Integer.parseInt(t[2]);
            Integer.parseInt(t[5]);
            return Integer.parseInt(t[7]) == positions && id >= 0 ? id : -1;
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    /** A line quoted in an error, cut to a readable length. */
    private static String quote(String text) {
        return text.length() > 60 ? text.substring(0, 60) + "…" : text;
    }

    private static int score(String text) throws IOException {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IOException("bad score '" + quote(text) + "' (centi-men, an integer)");
        }
    }

    /**
     * Cuts a file after its last whole game (what a killed run left half-written): the same
     * games {@link #readGames} counts. Streams the file, which may be larger than the heap.
     */
    static void truncateToLastGame(Path file) throws IOException {
        long end = 0, offset = 0;
        int positions = 0, lineNumber = 0;
        boolean lineStarted = false, comment = false;
        ByteArrayOutputStream line = new ByteArrayOutputStream(); // a comment line's first bytes
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                for (int i = 0; i < n; i++) {
                    byte b = buffer[i];
                    offset++;
                    if (b != '\n') {
                        if (b == '\r') continue; // a CRLF file: as readLine reads it
                        if (!lineStarted) comment = b == '#';
                        lineStarted = true;
                        if (comment && line.size() < 200) line.write(b);
                        continue;
                    }
                    String text = line.toString(StandardCharsets.UTF_8).stripTrailing();
                    lineNumber++;
                    if (lineNumber == 1) {
                        if (text.startsWith(HEADER)) end = offset;
                    } else if (lineNumber == 2 && text.startsWith(SETTINGS) && end > 0) {
                        end = offset; // the header's settings: kept with it
                    } else if (text.startsWith(GAME)) {
                        if (gameId(text, positions) >= 0) end = offset;
                        positions = 0;
                    } else if (lineStarted && !comment) {
                        positions++;
                    }
                    lineStarted = false;
                    line.reset();
                }
            }
        }
        if (end < offset) {
            try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
                f.setLength(end);
            }
        }
    }
}
