package org.damka.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.damka.board.Fen;
import org.damka.game.Game;
import org.damka.notation.HubBoard;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code java -jar damka.jar hub} driven over pipes with the exact lines that real Hub clients
 * send. pydraughts (AttackingOrDefending/pydraughts, draughts/engines/hub.py at commit 3277325):
 * {@code hub} then reads to {@code wait}; {@code set-param name=variant value=...}; {@code init}
 * then reads to {@code ready}; per search {@code pos pos=<fen>} or {@code pos pos=<fen>
 * moves="<all moves>"}, one {@code level} line ({@code time=T inc=I} with the increment already
 * taken off T, {@code moves=N time=T}, {@code move-time=S}, {@code depth=D} or {@code nodes=N}),
 * {@code go think} or {@code go ponder}, {@code ponder-hit}, {@code stop}, {@code quit}. It reads
 * {@code info} by splitting at blanks outside quotes and each item at '=' (so every item must be
 * a pair), and {@code done}'s first item as the move. The Hub GUI's lines are those of Scan 3.1's
 * protocol.txt (rhalbersma/scan): {@code new-game}, {@code pos} with recent moves only,
 * {@code level moves=9 time=291.587}-style levels, {@code go analyze}, {@code ping}.
 */
@Timeout(120)
class HubModeIT {
    /** pydraughts' split of an info line: blanks outside double quotes. */
    private static final Pattern PYDRAUGHTS_SPLIT = Pattern.compile(" +(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)");

    private static final Rules INTL = Variants.INTERNATIONAL;
    private static final String START = "W" + "b".repeat(20) + "e".repeat(10) + "w".repeat(20);

    private static void handshake(JarProcess e) throws Exception {
        e.send("hub");
        List<String> lines = e.until("wait"::equals, 10_000);
        assertTrue(lines.get(0).startsWith("id "), lines.toString());
        for (String l : lines.subList(0, lines.size() - 1)) {
            String args = l.substring(l.indexOf(' ') + 1);
            for (String item : PYDRAUGHTS_SPLIT.split(args)) {
                assertEquals(2, item.split("=", -1).length, "pydraughts needs key=value items: " + l);
            }
        }
        assertTrue(lines.contains("param name=variant value=normal type=enum values=\"normal russian brazilian english hexagonal\""), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("param name=threads ")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("param name=hash ")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("param name=ponder ")), lines.toString());
    }

    private static void init(JarProcess e) throws Exception {
        e.send("init");
        e.until("ready"::equals, 10_000);
    }

    /** Reads to done as pydraughts does, checking each info line parses as it would; returns {move, ponder}. */
    private static String[] done(JarProcess e, long timeoutMs) throws Exception {
        List<String> lines = e.until(l -> l.startsWith("done"), timeoutMs);
        for (String l : lines) {
            if (!l.startsWith("info ")) continue;
            Map<String, String> info = new LinkedHashMap<>();
            for (String item : PYDRAUGHTS_SPLIT.split(l.substring(5))) {
                String[] kv = item.split("=", -1);
                assertEquals(2, kv.length, "info item is not key=value: " + item + " in " + l);
                info.put(kv[0], kv[1]);
            }
            Integer.parseInt(info.get("depth"));
            Long.parseLong(info.get("nodes"));
            Double.parseDouble(info.get("time"));
            Double.parseDouble(info.get("nps"));
            assertTrue(info.get("score").matches("-?\\d+\\.\\d\\d"), l);
        }
        String[] items = lines.get(lines.size() - 1).split(" ");
        assertTrue(items.length >= 2 && items[1].startsWith("move="), "done without a move: " + lines);
        String move = items[1].substring(5);
        String ponder = items.length > 2 ? items[2].substring("ponder=".length()) : null;
        return new String[] {move, ponder};
    }

    private static String movesArg(List<String> moves) {
        return moves.isEmpty() ? "" : " moves=\"" + String.join(" ", moves) + "\"";
    }

    /** With no arguments, a first line "hub" switches the engine process to the Hub protocol. */
    @Test
    void firstLineHubSwitchesTheDefaultEngine() throws Exception {
        try (JarProcess e = new JarProcess()) {
            handshake(e);
            init(e);
            e.send("pos start");
            e.send("level depth=2");
            e.send("go think");
            String[] answer = done(e, 15_000);
            Game game = new Game(INTL, Fen.parse(INTL, INTL.startFen()));
            game.play(new HubBoard(INTL).toNotation(game.position(), answer[0]));
            e.send("quit");
            assertTrue(e.waitFor(5_000), "quit ends the process");
            assertEquals(0, e.exitValue());
        }
    }

    /** Blank lines before the first command do not count: "hub" after them still switches. */
    @Test
    void blankLinesBeforeHubAreSkipped() throws Exception {
        try (JarProcess e = new JarProcess()) {
            e.send("");
            e.send("   ");
            handshake(e);
            init(e);
            e.send("ping");
            assertEquals(List.of("pong"), e.until("pong"::equals, 10_000));
        }
    }

    /** A first line "hub x=1" was answered "unknown command 'hub'"; it is said what is wrong, and "hub" may follow. */
    @Test
    void aFirstHubLineWithMoreOnItIsExplainedAndHubMayFollow() throws Exception {
        try (JarProcess e = new JarProcess()) {
            e.send("hub\tx=1");
            assertEquals("info string error 'hub' starts the Hub protocol only alone on its line; ignored", e.next(5_000));
            handshake(e);
            init(e);
            e.send("ping");
            assertEquals(List.of("pong"), e.until("pong"::equals, 10_000));
        }
    }

    @Test
    void pydraughtsHandshakeAndAFullGame() throws Exception {
        try (JarProcess e = new JarProcess("hub")) {
            handshake(e);
            e.send("set-param name=variant value=normal");
            init(e);
            Game game = new Game(INTL, Fen.parse(INTL, INTL.startFen()));
            HubBoard hub = new HubBoard(INTL);
            List<String> hubMoves = new ArrayList<>();
            while (game.result().isEmpty() && game.plies() < 200) {
                e.send("pos pos=" + START + movesArg(hubMoves));
                // pydraughts Limit(time=5, inc=0.2) sends time=4.8; later moves use a fixed move time.
                e.send(game.plies() == 0 ? "level time=4.8 inc=0.2" : "level move-time=0.02");
                e.send("go think");
                String[] answer = done(e, 15_000);
                game.play(hub.toNotation(game.position(), answer[0]));
                assertEquals(answer[0], hub.gameMoves(game).get(game.plies() - 1), "the engine writes canonical Hub moves");
                hubMoves.add(answer[0]);
            }
            assertTrue(game.result().isPresent() || game.plies() == 200, "game played to its end");
            e.send("quit");
            assertTrue(e.waitFor(5_000), "quit ends the process");
            assertEquals(0, e.exitValue());
        }
    }

    @Test
    void pydraughtsPonderingWithPonderHitAndStop() throws Exception {
        try (JarProcess e = new JarProcess("hub")) {
            handshake(e);
            init(e);
            // The engine's expected reply is already in the position, as in pydraughts' example.
            e.send("pos pos=" + START + " moves=\"32-28 19-23\"");
            e.send("level time=10");
            e.send("go ponder");
            Thread.sleep(300);
            String early = e.poll(0);
            while (early != null && early.startsWith("info")) early = e.poll(0);
            assertNull(early, "a ponder search waits for ponder-hit or stop");
            e.send("ponder-hit");
            String[] answer = done(e, 10_000);
            assertTrue(answer[0].startsWith("28x19") || answer[0].matches("\\d+-\\d+"), answer[0]);

            e.send("pos pos=" + START + " moves=\"32-28 19-23\"");
            e.send("level time=10");
            e.send("go ponder");
            Thread.sleep(200);
            long t0 = System.nanoTime();
            e.send("stop");
            done(e, 5_000);
            assertTrue((System.nanoTime() - t0) / 1_000_000 < 3_000, "stop answers promptly");
        }
    }

    @Test
    void hubGuiTrafficWithRecentMovesPingAndAnalysis() throws Exception {
        try (JarProcess e = new JarProcess("hub")) {
            handshake(e);
            e.send("set-param name=threads value=1");
            e.send("set-param name=hash value=32");
            e.send("set-param name=ponder value=true");
            init(e);
            e.send("new-game");
            // The example of protocol.txt: a position with only the recent king moves.
            e.send("pos pos=BeeeWWeeeeeeeeeeeeeeeeeeeweeeeeeeeewweBeeeeeeeeeBee moves=\"38-15 5-41 48-26\"");
            e.send("level moves=9 time=2.587");
            e.send("go ponder");
            e.send("ping");
            e.send("ponder-hit");
            List<String> lines = e.until(l -> l.startsWith("done"), 10_000);
            assertTrue(lines.contains("pong"), "pong during the search: " + lines);
            assertTrue(lines.get(lines.size() - 1).startsWith("done move="), lines.toString());

            e.send("pos start");
            e.send("level infinite");
            e.send("go analyze");
            Thread.sleep(300);
            e.send("ping");
            List<String> before = e.until("pong"::equals, 5_000);
            assertTrue(before.stream().noneMatch(l -> l.startsWith("done")), "analysis runs until stopped: " + before);
            e.send("stop");
            done(e, 5_000);
            assertTrue(e.transcript().lines().noneMatch(l -> l.startsWith("<< error")), e.transcript());
        }
    }

    @Test
    void levelIsResetByPosAndAfterGo() throws Exception {
        try (JarProcess e = new JarProcess("hub")) {
            handshake(e);
            init(e);
            e.send("pos start");
            e.send("level depth=1");
            e.send("go think");
            done(e, 5_000);
            e.send("go think"); // no level any more: searches until stopped
            Thread.sleep(400);
            e.send("ping");
            assertTrue(e.until("pong"::equals, 5_000).stream().noneMatch(l -> l.startsWith("done")), "level was reset after go");
            e.send("stop");
            done(e, 5_000);

            e.send("level depth=1");
            e.send("pos start moves=\"32-28\"");
            e.send("go think");
            Thread.sleep(400);
            e.send("ping");
            assertTrue(e.until("pong"::equals, 5_000).stream().noneMatch(l -> l.startsWith("done")), "level was reset by pos");
            e.send("stop");
            done(e, 5_000);
        }
    }

    @Test
    void otherVariantsAndBadInput() throws Exception {
        try (JarProcess e = new JarProcess("hub")) {
            handshake(e);
            init(e);
            for (String variant : List.of("russian", "english", "hexagonal", "brazilian")) {
                Rules rules = HubBoard.rulesFor(variant);
                e.send("set-param name=variant value=" + variant);
                e.send("new-game");
                e.send("pos start");
                e.send("level depth=3");
                e.send("go think");
                String[] answer = done(e, 10_000);
                Game g = new Game(rules, Fen.parse(rules, rules.startFen()));
                g.play(new HubBoard(rules).toNotation(g.position(), answer[0]));
                assertNotNull(answer[1], "a ponder move comes with the depth-3 line");
            }
            e.send("pos pos=Wzz");
            assertTrue(e.next(5_000).startsWith("error message="));
            e.send("set-param name=variant value=frisian");
            assertTrue(e.next(5_000).startsWith("error message="));
            e.send("level move-time=fast");
            assertTrue(e.next(5_000).startsWith("error message="));
            e.send("level time"); // said "got 'null'"
            assertEquals("error message=\"time needs a value: a number of seconds\"", e.next(5_000));
            e.send("ping");
            assertEquals("pong", e.next(5_000));
        }
    }

    @Test
    void endOfInputStopsTheSearchAndTheProcess() throws Exception {
        try (JarProcess e = new JarProcess("hub")) {
            handshake(e);
            e.send("pos start");
            e.send("go analyze");
            Thread.sleep(200);
            e.closeInput();
            assertTrue(e.waitFor(5_000), "the engine quits when its input closes\n" + e.transcript());
        }
    }

    /**
     * Issue 11, point 5: pydraughts' first exchange on 8x8 boards. The position is pydraughts'
     * initial_hub_fen and the answer must be one of the hub moves pydraughts 0.6.7 (commit 3277325)
     * lists for the start, printed by {@code [m.hub_move for m in draughts.Board(variant).legal_moves()]};
     * then its reply to the engine's move, written as pydraughts writes it, must be accepted.
     */
    @Test
    void pydraughtsEightByEightGamesGetPastMoveOne() throws Exception {
        String start8 = "W" + "b".repeat(12) + "e".repeat(8) + "w".repeat(12);
        Map<String, List<String>> firstMoves = Map.of(
                "russian", List.of("9-13", "10-13", "10-14", "11-14", "11-15", "12-15", "12-16"),
                "brazilian", List.of("9-13", "10-13", "10-14", "11-14", "11-15", "12-15", "12-16"),
                "english", List.of("12-16", "11-16", "11-15", "10-15", "10-14", "9-14", "9-13"));
        try (JarProcess e = new JarProcess("hub")) {
            handshake(e);
            for (var entry : firstMoves.entrySet()) {
                e.send("set-param name=variant value=" + entry.getKey());
                init(e);
                e.send("pos pos=" + start8);
                e.send("level depth=3");
                e.send("go think");
                String move = done(e, 15_000)[0];
                assertTrue(entry.getValue().contains(move), entry.getKey() + ": " + move + " is not one of pydraughts' " + entry.getValue());
                e.send("pos pos=" + start8 + " moves=\"" + move + "\"");
                e.send("level depth=1");
                e.send("go think");
                done(e, 15_000);
            }
            assertTrue(e.transcript().lines().noneMatch(l -> l.startsWith("<< error")), e.transcript());
        }
    }

    /**
     * Issue 11, point 8 (and what pydraughts sends when its clock is below the increment: time
     * less the increment, a negative number): every limit ends the search without stop.
     */
    @Test
    void zeroAndNegativeLimitsStillEndTheSearch() throws Exception {
        try (JarProcess e = new JarProcess("hub")) {
            handshake(e);
            init(e);
            for (String level : List.of("time=-0.012 inc=0.1", "move-time=0", "time=0", "depth=1")) {
                e.send("pos start");
                e.send("level " + level);
                e.send("go think");
                done(e, 10_000);
            }
            e.send("level depth=0");
            assertTrue(e.next(5_000).startsWith("error message="), "depth=0 is refused");
            assertTrue(e.transcript().lines().filter(l -> l.startsWith("<< error")).count() == 1, e.transcript());
        }
    }
}
