package org.damka.protocol;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import org.damka.board.Fen;
import org.damka.game.Game;
import org.damka.rules.Rules;
import org.damka.rules.Variants;

/**
 * The lines {@link FuzzIT} sends: random and mutated protocol lines (commands with broken
 * arguments, random bytes, huge numbers, unknown and legal moves, long lines, {@code \r\n} ends).
 * Everything is drawn from one {@link Random} with the given seed, and nothing depends on what
 * the engine answers, so one seed always gives the same lines: a failing run is replayed with
 * {@code -Dfuzz.seed=N}.
 */
final class FuzzLines {
    /** The system property that fixes the seed. */
    static final String SEED_PROPERTY = "fuzz.seed";

    private static final String[] VARIANTS = {"russian", "brazilian", "international", "english", "hexagonal"};
    private static final String[] WORDS = {"uci", "isready", "setoption", "name", "value", "ucinewgame", "position",
            "startpos", "fen", "moves", "go", "stop", "ponderhit", "d", "legalmoves", "eval", "wtime", "btime", "winc",
            "binc", "movestogo", "depth", "nodes", "movetime", "infinite", "ponder", "searchmoves", "perft", "Hash",
            "Threads", "MultiPV", "Ponder", "Move", "Overhead", "UCI_Variant", "true", "false", "x", ":", "-", "K"};
    private static final String[] NUMBERS = {"0", "-1", "1", "2", "3", "127", "128", "4096", "4097", "65", "5000",
            "5001", "2147483647", "2147483648", "-2147483649", "9223372036854775807", "9223372036854775808",
            "-9223372036854775808", "99999999999999999999999999999", "1e9", "0x10", "1.5", "+3", "٣", "NaN"};

    private final long seed;
    private final Random rnd;
    private final List<List<String>> playouts = new ArrayList<>();
    private final List<String> fens = new ArrayList<>();

    FuzzLines(long seed) {
        this.seed = seed;
        this.rnd = new Random(seed);
        preparePlayouts();
    }

    /** The seed of {@value #SEED_PROPERTY} if it is set (it must be a number), else one from the clock. */
    static long seedFromProperty() {
        String value = System.getProperty(SEED_PROPERTY);
        if (value == null || value.isBlank()) return System.nanoTime();
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + SEED_PROPERTY + "=" + value + " is not a number", e);
        }
    }

    long seed() { return seed; }

    /** Legal move sequences and positions of every variant, to build lines that mean something. */
    private void preparePlayouts() {
        for (String v : VARIANTS) {
            Rules rules = Variants.byName(v);
            for (int k = 0; k < 40; k++) {
                Game g = new Game(rules, Fen.parse(rules, rules.startFen()));
                int plies = rnd.nextInt(80);
                for (int i = 0; i < plies && g.result().isEmpty(); i++) {
                    List<String> legal = g.legalMoveTexts();
                    g.play(legal.get(rnd.nextInt(legal.size())));
                }
                playouts.add(g.moves());
                fens.add(Fen.format(rules, g.position()));
            }
        }
    }

    /** The next line to send, without its line end. */
    byte[] nextLine() {
        int kind = rnd.nextInt(1000);
        // One line in five thousand is longer than the engine's limit.
        if (kind == 136 && rnd.nextInt(5) > 0) kind = 200;
        byte[] line;
        if (kind < 80) {
            line = randomBytes(rnd.nextInt(200));
        } else if (kind < 120) {
            line = ascii(randomPrintable(rnd.nextInt(120)));
        } else if (kind < 135) {
            line = ascii(tokenSoup(2_000 + rnd.nextInt(30_000)));
        } else if (kind < 137) {
            line = ascii(tokenSoup(300_000 + rnd.nextInt(100_000)));
        } else if (kind < 150) {
            line = ascii(" \t ".substring(0, rnd.nextInt(4)));
        } else {
            String s = seedLine();
            int mutations = kind < 400 ? 0 : 1 + rnd.nextInt(3);
            for (int m = 0; m < mutations; m++) s = mutate(s);
            line = s.getBytes(StandardCharsets.UTF_8);
        }
        // A line end inside would make two lines: \n and \r (a line end of its own) become blanks.
        for (int i = 0; i < line.length; i++) if (line[i] == '\n' || line[i] == '\r') line[i] = ' ';
        if (rnd.nextInt(5) == 0) {
            line = Arrays.copyOf(line, line.length + 1);
            line[line.length - 1] = '\r'; // sent as \r\n
        }
        return safe(line) ? line : "isready".getBytes(StandardCharsets.US_ASCII);
    }

    /** A well-formed command of any kind. */
    private String seedLine() {
        List<String> moves = playouts.get(rnd.nextInt(playouts.size()));
        String movesText = moves.isEmpty() ? "" : " moves " + String.join(" ", moves.subList(0, rnd.nextInt(moves.size() + 1)));
        String variant = VARIANTS[rnd.nextInt(VARIANTS.length)];
        return switch (rnd.nextInt(24)) {
            case 0 -> "uci";
            case 1 -> "isready";
            // A new game or variant rebuilds the search's tables (milliseconds): not too often.
            case 2 -> rnd.nextInt(4) == 0 ? "ucinewgame" : "legalmoves";
            case 3 -> "d";
            case 4 -> "legalmoves";
            case 5 -> "eval";
            case 6 -> "stop";
            case 7 -> "ponderhit";
            case 8 -> "setoption name UCI_Variant value " + variant;
            case 9 -> "go depth 1";
            case 10 -> "setoption name " + pick("Hash", "Threads", "MultiPV", "Move Overhead") + " value " + (1 + rnd.nextInt(4));
            case 11 -> "setoption name Ponder value " + pick("true", "false");
            case 12, 13, 14 -> "position startpos" + movesText;
            case 15, 16 -> "position fen " + fens.get(rnd.nextInt(fens.size())) + (rnd.nextBoolean() ? movesText : "");
            case 17 -> "go depth " + (1 + rnd.nextInt(3));
            case 18 -> "go nodes " + (1 + rnd.nextInt(2000));
            case 19 -> "go movetime " + (1 + rnd.nextInt(10));
            case 20 -> "go perft " + (1 + rnd.nextInt(3));
            case 21 -> "go " + pick("infinite", "ponder", "ponder wtime 50 btime 50", "wtime 30 btime 30 winc 1 binc 1 movestogo 3");
            case 22 -> "go depth 2 searchmoves " + String.join(" ", moves.subList(0, Math.min(moves.size(), rnd.nextInt(3))));
            default -> "position startpos moves " + String.join(" ", moves).replace('-', rnd.nextBoolean() ? 'x' : ':');
        };
    }

    private String mutate(String s) {
        List<String> t = new ArrayList<>(Arrays.asList(s.split(" ", -1)));
        int i = rnd.nextInt(t.size());
        switch (rnd.nextInt(10)) {
            case 0 -> t.set(i, pick(NUMBERS));
            case 1 -> t.set(i, pick(WORDS));
            case 2 -> t.remove(i);
            case 3 -> t.add(i, t.get(i));
            case 4 -> Collections.swap(t, i, rnd.nextInt(t.size()));
            case 5 -> t.set(i, new String(randomBytes(1 + rnd.nextInt(8)), StandardCharsets.ISO_8859_1));
            case 6 -> t.set(i, t.get(i).replace('x', ':').replace('-', 'x').replace(':', '-'));
            case 7 -> t.set(i, t.get(i).toUpperCase(Locale.ROOT));
            case 8 -> t.add(i, pick(NUMBERS));
            default -> {
                String joined = String.join(" ", t);
                int cut = rnd.nextInt(joined.length() + 1);
                return joined.substring(0, cut) + (rnd.nextBoolean() ? "" : (char) (32 + rnd.nextInt(95)) + joined.substring(cut));
            }
        }
        return String.join(" ", t);
    }

    private String tokenSoup(int length) {
        StringBuilder sb = new StringBuilder(rnd.nextBoolean() ? "position startpos moves" : pick(WORDS));
        while (sb.length() < length) sb.append(' ').append(rnd.nextBoolean() ? pick(WORDS) : pick(NUMBERS));
        return sb.toString();
    }

    private byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        rnd.nextBytes(b);
        return b;
    }

    private String randomPrintable(int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) sb.append((char) (32 + rnd.nextInt(95)));
        return sb.toString();
    }

    private String pick(String... options) {
        return options[rnd.nextInt(options.length)];
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The command word the engine will see, read the way the engine reads a line. */
    private static String command(byte[] line) {
        String s = new String(line, StandardCharsets.UTF_8);
        if (s.endsWith("\r")) s = s.substring(0, s.length() - 1);
        return s.trim().split("\\s+")[0].toLowerCase(Locale.ROOT);
    }

    /** Never quit, never ask for a huge hash or many threads (slow, not wrong). */
    private static boolean safe(byte[] line) {
        if (command(line).equals("quit")) return false;
        String s = new String(line, StandardCharsets.UTF_8).toLowerCase(Locale.ROOT);
        if (s.contains("hash") || s.contains("threads")) {
            for (String word : s.trim().split("\\s+")) {
                try {
                    if (Long.parseLong(word) > 8 && Long.parseLong(word) <= 4096) return false;
                } catch (NumberFormatException e) {
                    // not a number
                }
            }
        }
        return true;
    }

    /** True if the engine will read the line as {@code go} (a search to stop). */
    static boolean startsSearch(byte[] line) {
        return command(line).equals("go");
    }
}
