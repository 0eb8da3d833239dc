package org.damka.protocol.hub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.damka.egdb.EgdbFile;
import org.damka.egdb.Material;
import org.damka.engine.Engine;
import org.damka.notation.HubLine;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Hub loop in-process: started with a first line already read (as the UCI-style loop does
 * when its first line is {@code hub}), level reset on pos, errors that change nothing.
 */
class HubLoopTest {

    private static List<String> run(String firstLine, String input) throws Exception {
        return run(new Engine(), firstLine, input);
    }

    private static List<String> run(Engine engine, String firstLine, String input) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        new HubLoop(engine, new java.io.ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out).run(firstLine);
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }

    /** A folder with one table that cannot be read (the Hub offers no EGDB parameter: the engine's default folder). */
    private static final Material DAMAGED = new Material(1, 0, 0, 1);

    private static Engine engineWithADamagedTable(Path dir) throws Exception {
        Path file = EgdbFile.path(dir, Variants.RUSSIAN, DAMAGED);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "not a table");
        Engine engine = new Engine();
        engine.setEgdbPath(dir.toString());
        return engine;
    }

    /** Hub has no free-form line: a table that is not used was said nowhere (UCI says it in an info string). */
    @Test
    void aTableThatCannotBeLoadedIsAnErrorBeforeReady(@TempDir Path dir) throws Exception {
        List<String> out = run(engineWithADamagedTable(dir), "hub", "set-param name=variant value=russian\ninit\nquit\n");
        assertTrue(out.indexOf("ready") > out.indexOf(skippedLine(out)), out.toString());
    }

    /**
     * Without init, the tables load in the background from the first go (which searches without
     * them): what the load found is an error before the done of the first search after it.
     */
    @Test
    void aTableLoadedFromAGoIsAnErrorBeforeTheNextDone(@TempDir Path dir) throws Exception {
        Engine engine = engineWithADamagedTable(dir);
        java.io.PipedOutputStream input = new java.io.PipedOutputStream();
        java.io.PipedInputStream in = new java.io.PipedInputStream(input);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Thread loop = new Thread(() -> {
            try {
                new HubLoop(engine, in, out).run("hub");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        loop.start();
        input.write("set-param name=variant value=russian\npos start\nlevel depth=1\ngo think\n".getBytes(StandardCharsets.UTF_8));
        input.flush();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!bytes.toString(StandardCharsets.UTF_8).contains("done move=")) {
            assertTrue(System.nanoTime() < deadline, "no done");
            Thread.sleep(10);
        }
        assertTrue(engine.egdbValue(() -> false) != null); // waits for the background load, as the next go may find it done
        input.write("pos start\nlevel depth=1\ngo think\nquit\n".getBytes(StandardCharsets.UTF_8));
        input.close();
        loop.join(10_000);
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        int firstDone = lines.indexOf(lines.stream().filter(l -> l.startsWith("done move=")).findFirst().orElseThrow());
        int error = lines.indexOf(skippedLine(lines));
        // Usually after the first done (its go started the load and searched without it); a load
        // this small may also end before that go looks (seen once in CI): then before the first
        // done. Either way before the done of the search after it.
        assertTrue(error >= 0 && firstDone >= 0, lines.toString());
        assertTrue(lines.get(lines.size() - 1).startsWith("done move=") && error < lines.size() - 1, lines.toString());
    }

    private static String skippedLine(List<String> out) {
        return out.stream().filter(l -> l.startsWith("error message=\"EGDB: skipped ") && l.contains(DAMAGED.fileStem()))
                .findFirst().orElseThrow(() -> new AssertionError("no error names the damaged table: " + out));
    }

    @Test
    void startsWithAFirstLineAlreadyRead() throws Exception {
        List<String> out = run("hub", "init\nquit\n");
        assertTrue(out.get(0).startsWith("id name=damka "), out.get(0));
        assertEquals("wait", out.get(out.size() - 2));
        assertEquals("ready", out.get(out.size() - 1));
    }

    @Test
    void depthLevelGivesOneDoneWithALegalMove() throws Exception {
        List<String> out = run(null, "pos start\nlevel depth=2\ngo think\nping\n");
        // ping during or after the search: either way a pong, and exactly one done.
        assertEquals(1, out.stream().filter(l -> l.startsWith("done move=")).count(), out.toString());
        assertTrue(out.contains("pong"), out.toString());
        String done = out.stream().filter(l -> l.startsWith("done")).findFirst().orElseThrow();
        String move = HubLine.parse(done).value("move");
        assertTrue(List.of("31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30").contains(move), move);
    }

    @Test
    void badCommandsAnswerErrorAndChangeNothing() throws Exception {
        List<String> out = run(null, String.join("\n",
                "pos pos=Wxyz",
                "pos start moves=\"32-28 32-28\"",
                "set-param name=variant value=frisian",
                "set-param name=threads value=lots",
                "level depth=-3",
                "frobnicate",
                "pos moves=\"32-28",
                "pos pos moves=\"32-28\"", // a bare pos flag was read as the start position
                "ping", ""));
        long errors = out.stream().filter(l -> l.startsWith("error message=")).count();
        assertEquals(8, errors, out.toString());
        assertEquals("pong", out.get(out.size() - 1));
        assertTrue(out.get(1).contains("move 2"), out.get(1));
    }

    /** Issue 11, point 6: a refused pos must not leave the previous position to be searched. */
    @Test
    void afterARefusedPositionGoSearchesNothingUntilAValidPos() throws Exception {
        List<String> out = run(null, String.join("\n",
                "pos start moves=\"32-28\"",
                "pos pos=Wxyz",
                "level depth=1",
                "go think",
                "pos start moves=\"32-28 19-23 28x19\"",
                "pos start moves=\"33-29\"",
                "level depth=1",
                "go think", ""));
        List<String> dones = out.stream().filter(l -> l.startsWith("done")).toList();
        assertEquals(List.of("done"), dones.subList(0, 1), out.toString());
        int first = out.indexOf("done");
        assertTrue(out.get(first - 1).startsWith("error message=\"no position to search"), out.toString());
        assertEquals(2, dones.size(), out.toString());
        String reply = HubLine.parse(dones.get(1)).value("move");
        assertTrue(reply != null && reply.matches("(1[6-9]|20)-\\d+"), "Black's reply after 33-29: " + out);
    }

    /**
     * A refused level leaves no limit the client meant; searching with what is left (often nothing:
     * until stop) would leave a client waiting for done. The next go answers at once, without a move.
     */
    @Test
    void afterARefusedLevelGoAnswersWithoutSearching() throws Exception {
        List<String> out = run(null, String.join("\n",
                "pos start",
                "level move-time=-1",
                "go think",
                "pos start",
                "level time=abc",
                "level depth=2",
                "go think",
                "pos start",
                "level move-time=\"1",
                "go think",
                "pos start",
                "level depth=1",
                "go think", ""));
        List<String> dones = out.stream().filter(l -> l.startsWith("done")).toList();
        assertEquals(4, dones.size(), out.toString());
        assertEquals(List.of("done", "done", "done"), dones.subList(0, 3), out.toString());
        assertEquals(3, out.stream().filter(l -> l.startsWith("error message=\"no level to search with: a level line since the last pos or go was refused")).count(),
                out.toString());
        assertTrue(dones.get(3).startsWith("done move="), "a valid level after the refusal searches: " + out);
    }

    /** Move Overhead is offered on the Hub too: a client on a loaded machine can keep more time in hand. */
    @Test
    void moveOverheadIsAHubParameter() throws Exception {
        Engine engine = new Engine();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        String input = "hub\nset-param name=move-overhead value=40\nset-param name=move-overhead value=-1\nquit\n";
        new HubLoop(engine, new java.io.ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(bytes, true, StandardCharsets.UTF_8)).run();
        List<String> out = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertTrue(out.contains("param name=move-overhead value=" + Engine.DEFAULT_MOVE_OVERHEAD_MS + " type=int min=0 max="
                + Engine.MAX_MOVE_OVERHEAD_MS), out.toString());
        assertEquals(40, engine.moveOverheadMs(), "the valid value is kept, the bad one refused");
        assertEquals(1, out.stream().filter(l -> l.startsWith("error message=")).count(), out.toString());
    }

    /**
     * The endgame tables' folder and size are Hub parameters too: a Hub client (pydraughts,
     * lidraughts-bot) had only the folder egdb in the engine's working directory, at 5 pieces,
     * and no way to turn the tables off or to hear that they were not where it put them.
     */
    @Test
    void endgameTablesAreHubParameters(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        Engine engine = new Engine();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        String missing = dir.resolve("missing").toString();
        String input = "hub\nset-param name=egdb-path value=\"" + missing + "\"\nset-param name=egdb-pieces value=4\n"
                + "set-param name=egdb-pieces value=8\ninit\nquit\n";
        new HubLoop(engine, new java.io.ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(bytes, true, StandardCharsets.UTF_8)).run();
        List<String> out = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertTrue(out.contains("param name=egdb-path value=egdb type=string"), out.toString());
        assertTrue(out.contains("param name=egdb-pieces value=5 type=int min=0 max=7"), out.toString());
        assertEquals(missing, engine.egdbPath());
        assertEquals(4, engine.egdbPieces(), "the valid value is kept, the bad one refused");
        assertEquals(List.of("error message=\"EGDBPieces must be 0..7, got 8\"",
                        "error message=\"EGDB: no tables of international up to 4 pieces in " + missing + " (no such folder)\"", "ready"),
                out.subList(out.size() - 3, out.size()), out.toString());
    }

    /** Issue 11, point 8: bad bytes in a line are escaped in the error, never echoed raw. */
    @Test
    void errorsEchoNoRawControlOrNonAsciiCharacters() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        String input = String.join("\n", "fo\u0000o", "caf\u00e9", "pos pos=W\u0001\u00e9", "\u0000", "ping", "");
        new HubLoop(new Engine(), new java.io.ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out).run();
        byte[] written = bytes.toByteArray();
        for (byte b : written) assertTrue(b == '\n' || (b >= 0x20 && b < 0x7f), "byte " + b + " in " + bytes);
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(5, lines.size(), lines.toString());
        assertTrue(lines.get(0).contains("\\x00"), lines.get(0));
        assertTrue(lines.get(1).contains("caf\\u00e9"), lines.get(1));
        assertEquals("pong", lines.get(4));
    }

    /** Issue 11, point 8: depth=0 or nodes=0 would mean "no limit": refused, and the level stays as it was. */
    @Test
    void levelDepthOrNodesZeroIsRefused() throws Exception {
        List<String> out = run(null, "level depth=3\nlevel depth=0\nlevel nodes=0\nlevel depth=2 nodes=0\nping\n");
        assertEquals(3, out.stream().filter(l -> l.startsWith("error message=") && l.contains("1 or more")).count(), out.toString());
        assertEquals("pong", out.get(out.size() - 1));
    }

    /** A node count beyond a long (read as the largest long) or beyond the engine's limit is refused, not taken as no limit. */
    @Test
    void levelNodesTooLargeIsRefused() throws Exception {
        List<String> out = run(null, "level nodes=9223372036854775808\nlevel nodes=1000000000000001\nlevel nodes=1000000000000000\nping\n");
        assertEquals(2, out.stream().filter(l -> l.startsWith("error message=") && l.contains("too large")).count(), out.toString());
        assertEquals("pong", out.get(out.size() - 1));
    }

    /** pydraughts sends its clock less the increment, negative when the clock is below the increment. */
    @Test
    void aClockBelowZeroIsAccepted() throws Exception {
        List<String> out = run(null, "pos start\nlevel time=-0.012 inc=0.1\ngo think\n");
        assertTrue(out.stream().noneMatch(l -> l.startsWith("error")), out.toString());
        assertTrue(out.get(out.size() - 1).startsWith("done move="), out.toString());
    }

    /**
     * lidraughts-bot's ponder sends the increment less its move overhead (100 ms by default):
     * {@code inc=-0.1} in every game without an increment. Refused, the next go answered a bare
     * done, on which pydraughts raised IndexError, and the bot started a new engine mid-game.
     */
    @Test
    void anIncrementBelowZeroCountsAsNone() throws Exception {
        List<String> out = run(null, "pos start\nlevel time=50.1 inc=-0.1\ngo ponder\nstop\nlevel time=0.2 inc=-0.1\ngo think\n");
        assertTrue(out.stream().noneMatch(l -> l.startsWith("error")), out.toString());
        assertEquals(2, out.stream().filter(l -> l.startsWith("done move=")).count(), out.toString());
    }

    /** The move-squares parameter: pydraughts 0.6 numbers by default, the position string's on request. */
    @Test
    void moveSquaresParameterChoosesTheMoveNumbering() throws Exception {
        List<String> out = run("hub", String.join("\n",
                "set-param name=variant value=russian",
                "pos start moves=\"9-13\"", // a3-b4 in the variant's numbers
                "set-param name=move-squares value=position",
                "pos start moves=\"21-17\"", // a3-b4 in the position string's numbers
                "pos start moves=\"9-13\"", // refused: 9 is b6 here
                "set-param name=move-squares value=board",
                "pos start", "level depth=1", "go think", "ping", ""));
        assertTrue(out.contains("param name=move-squares value=variant type=enum values=\"variant position\""), out.toString());
        List<String> errors = out.stream().filter(l -> l.startsWith("error")).toList();
        assertEquals(2, errors.size(), out.toString());
        assertTrue(errors.get(0).contains("move 1"), errors.toString());
        assertTrue(errors.get(1).contains("move-squares"), errors.toString());
        String done = out.stream().filter(l -> l.startsWith("done")).findFirst().orElseThrow();
        // White's first moves go from 21..24 to 17..20 in the position string's numbers.
        assertTrue(HubLine.parse(done).value("move").matches("2[1-4]-(1[7-9]|20)"), done);
    }

    /** A line too long to keep is refused and skipped; a long bad command is not echoed whole. */
    @Test
    void longLinesAreRefusedAndNotEchoedWhole() throws Exception {
        String tooLong = "a".repeat(org.damka.protocol.LineReader.MAX_LINE_BYTES + 1);
        String longWord = "b".repeat(20_000);
        List<String> out = run(null, tooLong + "\n" + longWord + "\nping\n");
        assertEquals(3, out.size(), out.toString().length() > 3000 ? out.toString().substring(0, 3000) : out.toString());
        assertEquals("error message=\"line too long (" + (tooLong.length()) + " bytes, limit "
                + org.damka.protocol.LineReader.MAX_LINE_BYTES + "); ignored\"", out.get(0));
        assertTrue(out.get(1).startsWith("error message=\"unknown command 'bbb"), out.get(1));
        assertTrue(out.get(1).length() < 1100, "echo of " + out.get(1).length() + " characters");
        assertEquals("pong", out.get(2));
    }

    /** An unreadable line during a search (even a broken stop) is answered as at any other time, and the search goes on. */
    @Test
    void anUnreadableLineDuringASearchIsAnsweredAndTheSearchGoesOn() throws Exception {
        List<String> out = run(null, "pos start\nlevel infinite\ngo think\n\"go\nstop x=\"\nping\nstop\n");
        List<String> errors = out.stream().filter(l -> l.startsWith("error message=\"cannot read the line")).toList();
        assertEquals(2, errors.size(), out.toString());
        assertEquals(1, out.stream().filter(l -> l.startsWith("done move=")).count(), out.toString());
        int done = out.indexOf(out.stream().filter(l -> l.startsWith("done")).findFirst().orElseThrow());
        assertTrue(out.indexOf(errors.get(0)) < done && out.indexOf("pong") < done, "the search went on until stop: " + out);
    }

    /** A go's clock starts when its line was read, not when the loop gets to it. */
    @Test
    void aMoveTimeCountsFromWhenTheGoLineWasRead() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        HubLoop loop = new HubLoop(new Engine(), new java.io.ByteArrayInputStream(new byte[0]), out);
        long now = System.nanoTime();
        loop.handle("pos start", now);
        loop.handle("level move-time=5", now);
        long start = System.nanoTime();
        loop.handle("go think", start - 4_900_000_000L); // read 4.9 s ago: 0.1 s of the 5 are left
        long deadline = start + 10_000_000_000L;
        while (!bytes.toString(StandardCharsets.UTF_8).contains("done move=") && System.nanoTime() < deadline) Thread.sleep(5);
        long elapsedMs = (System.nanoTime() - start) / 1_000_000;
        assertTrue(bytes.toString(StandardCharsets.UTF_8).contains("done move="), bytes.toString(StandardCharsets.UTF_8));
        assertTrue(elapsedMs < 2500, "searched " + elapsedMs + " ms of a move time that had 100 ms left");
        loop.handle("quit", System.nanoTime());
    }
    /**
     * The Hub GUI referees (pydraughts allows three kings 16 moves against a lone king, damka's
     * rules 5): a pos past damka's own count was refused and the go after it answered a bare
     * done, on which pydraughts' HubEngine raised IndexError (a lidraughts-bot game lost).
     */
    @Test
    void aPosPastOurOwnDrawCountIsPlayedOn() throws Exception {
        List<String> out = run(null, String.join("\n",
                "pos pos=WeeBeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeWeeeeeeeeWeWe moves=\"38-33 3-8 33-29 8-3 29-24 3-12 24-20 12-8 20-15 8-3\"",
                "level depth=1",
                "go think", ""));
        assertTrue(out.stream().noneMatch(l -> l.startsWith("error")), out.toString());
        assertTrue(out.stream().anyMatch(l -> l.startsWith("done move=")), out.toString());
    }
    /**
     * A board with no Black pieces and White to move (a king on b8, pydraughts' board order):
     * the game is over, but go searched and played 29-25; with Black to move it answered a bare
     * done. Both are now a bare done, with no info line.
     */
    @Test
    void aBoardWhereASideHasNoPiecesIsAnsweredWithABareDone() throws Exception {
        for (String side : new String[] {"W", "B"}) {
            List<String> out = run(null, String.join("\n",
                    "set-param name=variant value=russian",
                    "pos pos=" + side + "W" + "e".repeat(31),
                    "level depth=3",
                    "go think", ""));
            assertEquals(List.of("done"), out.stream().filter(l -> !l.isEmpty()).toList(), side + " to move: " + out);
        }
    }

    /** A pos line too long to read leaves no position to search, as a refused pos does. */
    @Test
    void aPosTooLongToReadLeavesNoPositionToSearch() throws Exception {
        StringBuilder moves = new StringBuilder();
        while (moves.length() < 300_000) moves.append("32-28 19-23 ");
        List<String> out = run(null, String.join("\n", "pos start", "pos start moves=\"" + moves + "\"", "level depth=1", "go think", ""));
        assertTrue(out.get(0).contains("too long"), out.toString());
        assertTrue(out.get(1).startsWith("error message=\"no position to search"), out.toString());
        assertEquals("done", out.get(2), out.toString());
    }
}
