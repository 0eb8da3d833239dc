package org.damka.match;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.damka.board.Fen;
import org.damka.game.Game;
import org.damka.rules.Rules;
import org.damka.rules.Variants;

/**
 * A small engine for the match tests, run as its own process:
 * {@code java -cp <test classes>:<classes> org.damka.match.FakeEngine <mode>}. It speaks enough
 * of the protocol for a match and plays the first legal move, except where its mode says to
 * misbehave:
 * <ul>
 *   <li>{@code good}: never misbehaves;</li>
 *   <li>{@code illegal}: its second move in a game is a move that is not legal (well formed);</li>
 *   <li>{@code silent}: never answers {@code go};</li>
 *   <li>{@code crash}: exits (code 3) when asked for its second move of a game;</li>
 *   <li>{@code garbage}: answers every command with junk lines, and its second move is junk;</li>
 *   <li>{@code slow}: under a clock, thinks past the end of its clock on its second move;</li>
 *   <li>{@code nostart}: prints junk instead of the handshake;</li>
 *   <li>{@code complain}: plays well but answers every {@code position} with an error report.</li>
 *   <li>{@code lastwords}: writes why to stderr (with a terminal escape sequence), then exits as {@code crash};</li>
 *   <li>{@code orphan}: starts a child that keeps its output open ({@value #ORPHAN_SECONDS} s of sleep), then crashes;</li>
 *   <li>{@code longname}: its {@code id name} has a terminal escape sequence and 5000 characters.</li>
 * </ul>
 */
public final class FakeEngine {
    /** The sleep of the {@code orphan} mode's child, odd enough to find it in the process table. */
    static final String ORPHAN_SECONDS = "317.25";
    static final String LAST_WORDS = "fatal: cannot open weights.bin \u001b[2J";

    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "good";
        if (mode.equals("orphan")) {
            new ProcessBuilder("sleep", ORPHAN_SECONDS).redirectOutput(ProcessBuilder.Redirect.INHERIT).start();
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        Rules rules = Variants.RUSSIAN;
        Game game = null;
        int movesThisGame = 0;
        String line;
        while ((line = in.readLine()) != null) {
            String[] w = line.trim().split("\\s+");
            if (mode.equals("garbage")) say("\u0001\u00ff junk ### " + line.length() + " bestmov e");
            switch (w[0]) {
                case "uci" -> {
                    if (mode.equals("nostart")) {
                        say("hello? this is not the protocol");
                        continue;
                    }
                    say("id name fake-" + mode + (mode.equals("longname") ? "\u001b[31m" + "x".repeat(5000) : ""));
                    say(mode.equals("intl") ? "option name UCI_Variant type combo default international var international"
                            : "option name UCI_Variant type combo default russian var russian var brazilian var international var english var hexagonal");
                    say("uciok");
                }
                case "isready" -> say("readyok");
                case "setoption" -> {
                    String text = line.trim();
                    int v = text.indexOf(" value ");
                    if (text.contains("UCI_Variant") && v > 0) rules = Variants.byName(text.substring(v + 7).trim());
                }
                case "ucinewgame" -> movesThisGame = 0;
                case "position" -> {
                    game = position(rules, w);
                    if (mode.equals("complain")) say("info string error position: I do not like this one");
                }
                case "go" -> {
                    movesThisGame++;
                    boolean second = movesThisGame == 2;
                    if (mode.equals("silent")) continue;
                    if ((mode.equals("crash") || mode.equals("orphan")) && second) System.exit(3);
                    if (mode.equals("lastwords") && second) {
                        System.err.println(LAST_WORDS);
                        System.exit(3);
                    }
                    if (mode.equals("slow") && second) {
                        Thread.sleep(clockOf(w, game) + 2000);
                    }
                    List<String> legal = game.legalMoveTexts();
                    say("info depth 1 score cp 0 nodes " + legal.size());
                    if (mode.equals("garbage")) say("info score cp notanumber");
                    if (mode.equals("illegal") && second) say("bestmove " + illegal(legal));
                    else if (mode.equals("garbage") && second) say("bestmove %%garbage%%");
                    else if (mode.equals("ctrlmove") && second) say("bestmove \u00ff\u0000\u001b[31mRED");
                    else say("bestmove " + (legal.isEmpty() ? "(none)" : legal.get(0)));
                }
                case "quit" -> {
                    return;
                }
                default -> { }
            }
        }
    }

    private static Game position(Rules rules, String[] w) {
        int i = 1;
        String fen = null;
        if (w[i].equals("fen")) fen = w[++i];
        i++;
        Game game = new Game(rules, Fen.parse(rules, fen == null ? rules.startFen() : fen));
        if (i < w.length && w[i].equals("moves")) {
            for (String m : Arrays.copyOfRange(w, i + 1, w.length)) game.play(m);
        }
        return game;
    }

    /** A well-formed move that is not legal: the first legal move's origin to itself. */
    private static String illegal(List<String> legal) {
        String first = legal.get(0);
        String from = first.split("[-x:]")[0];
        return from + "-" + from;
    }

    private static long clockOf(String[] w, Game game) {
        String key = game.position().sideToMove() == 0 ? "wtime" : "btime";
        List<String> words = new ArrayList<>(Arrays.asList(w));
        int k = words.indexOf(key);
        return k >= 0 && k + 1 < words.size() ? Long.parseLong(words.get(k + 1)) : 0;
    }

    private static void say(String s) {
        System.out.println(s);
        System.out.flush();
    }
}
