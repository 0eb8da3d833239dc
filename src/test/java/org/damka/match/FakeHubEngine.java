package org.damka.match;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

import org.damka.board.Fen;
import org.damka.game.Game;
import org.damka.movegen.MoveList;
import org.damka.notation.HubBoard;
import org.damka.notation.HubLine;
import org.damka.rules.Rules;
import org.damka.rules.Variants;

/**
 * A small Hub engine for the match tests, run as its own process:
 * {@code java -cp <test classes>:<classes> org.damka.match.FakeHubEngine <mode>}. It speaks
 * enough of the Hub protocol for a match and plays the first legal move, except where its mode
 * says to misbehave (as {@link FakeEngine}'s modes): {@code good}, {@code illegal} (its second
 * move in a game is well formed but not legal), {@code silent} (never answers {@code go}, still
 * answers {@code ping}), {@code crash} (exits with code 3 when asked for its second move),
 * {@code badpos} (answers every {@code pos} with Scan 2.0's {@code error bad position} and never
 * moves), {@code hub1} (answers {@code hub} as Scan 2.0 does, in the first Hub protocol),
 * {@code unreadable} (its second move is a {@code done} line with an unclosed quote).
 * An unknown parameter is answered with {@code error}.
 */
public final class FakeHubEngine {
    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "good";
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        Rules rules = Variants.INTERNATIONAL;
        Game game = null;
        int movesThisGame = 0;
        String text;
        while ((text = in.readLine()) != null) {
            HubLine line = HubLine.parse(text);
            switch (line.command()) {
                case "hub" -> {
                    if (mode.equals("hub1")) {
                        say("name fake-hub1 1.0");
                        say("author nobody");
                        say("wait");
                        continue;
                    }
                    say("id name=fake-hub-" + mode + " version=1");
                    say("param name=variant value=normal type=enum values=\"normal russian brazilian english\"");
                    say("wait");
                }
                case "set-param" -> {
                    if ("variant".equals(line.value("name"))) rules = HubBoard.rulesFor(line.value("value"));
                    else say("error message=\"unknown parameter " + line.value("name") + "\"");
                }
                case "init" -> say("ready");
                case "new-game" -> movesThisGame = 0;
                case "ping" -> say("pong");
                case "pos" -> {
                    if (mode.equals("badpos") || mode.equals("hub1")) say("error bad position");
                    else game = position(rules, line);
                }
                case "go" -> {
                    movesThisGame++;
                    boolean second = movesThisGame == 2;
                    if (mode.equals("silent") || mode.equals("badpos") || mode.equals("hub1")) continue;
                    if (mode.equals("crash") && second) System.exit(3);
                    HubBoard board = new HubBoard(rules);
                    MoveList legal = game.legalMoves(new MoveList());
                    say("info depth=1 score=0.25 nodes=" + legal.size());
                    if (legal.size() == 0) {
                        say("done");
                    } else {
                        String first = board.formatMove(game.position(), legal, 0);
                        String from = first.split("[-x]")[0];
                        if (mode.equals("unreadable") && second) say("done move=\"" + first);
                        else say("done move=" + (mode.equals("illegal") && second ? from + "-" + from : first));
                    }
                }
                case "quit" -> {
                    return;
                }
                default -> { }
            }
        }
    }

    private static Game position(Rules rules, HubLine line) {
        HubBoard board = new HubBoard(rules);
        String pos = line.value("pos");
        Game game = new Game(rules, pos == null ? Fen.parse(rules, rules.startFen()) : board.parsePosition(pos));
        String moves = line.value("moves");
        if (moves != null && !moves.isBlank()) {
            for (String m : moves.trim().split("\\s+")) game.play(board.toNotation(game.position(), m));
        }
        return game;
    }

    private static void say(String s) {
        System.out.println(s);
        System.out.flush();
    }
}
