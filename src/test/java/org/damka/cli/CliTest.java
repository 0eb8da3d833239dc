package org.damka.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The command line as a user meets it: every subcommand answers {@code --version}; bad input
 * (a position, a file, an address, a port in use, a silent or refusing DXP peer) gets one line
 * that says what is wrong and an exit code that means something (0 done, 1 failed, 2 bad
 * arguments), never a stack trace.
 */
@Timeout(60)
class CliTest {
    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();

    private int run(String... args) {
        PrintStream out = new PrintStream(outBytes, true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);
        return Main.commandLine(out, err).execute(args);
    }

    private String out() {
        return outBytes.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return errBytes.toString(StandardCharsets.UTF_8);
    }

    /** One line on stderr that contains {@code expected}, and no stack trace. */
    private void assertOneLineError(String expected) {
        String e = err().strip();
        assertTrue(e.contains(expected), e);
        assertFalse(e.contains("\n"), "more than one line:\n" + e);
        assertFalse(e.contains("Exception") || e.contains("\tat "), e);
    }

    @Test
    void everySubcommandPrintsTheVersion() {
        CommandLine cli = Main.commandLine(System.out, System.err);
        assertFalse(cli.getSubcommands().isEmpty());
        for (String name : cli.getSubcommands().keySet()) {
            outBytes.reset();
            assertEquals(0, run(name, "--version"), name);
            assertEquals("damka " + Main.version(), out().strip(), name + " --version");
        }
        outBytes.reset();
        assertEquals(0, run("--version"));
        assertEquals("damka " + Main.version(), out().strip());
    }

    @Test
    void everySubcommandsHelpFormatsWithoutPicocliWarnings() {
        // picocli warns on System.err when a description is not a valid format string (a bare %).
        PrintStream saved = System.err;
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
        try {
            CommandLine cli = Main.commandLine(System.out, System.err);
            for (CommandLine sub : cli.getSubcommands().values()) sub.getUsageMessage();
        } finally {
            System.setErr(saved);
        }
        assertEquals("", warnings.toString(StandardCharsets.UTF_8));
    }

    @Test
    void trainRefusesBadWeightsToResumeFromAndBadData(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path data = java.nio.file.Files.writeString(dir.resolve("data.txt"),
                org.damka.selfplay.SelfPlayFile.header(org.damka.rules.Variants.RUSSIAN) + "\n");
        java.nio.file.Path out = dir.resolve("out.weights");
        for (byte[] bad : new byte[][] {new byte[0], "DMKW".getBytes(StandardCharsets.US_ASCII), "junk junk".getBytes(StandardCharsets.US_ASCII)}) {
            java.nio.file.Path w = java.nio.file.Files.write(dir.resolve("bad.weights"), bad);
            errBytes.reset();
            assertEquals(1, run("train", data.toString(), "--resume", w.toString(), "--out", out.toString()));
            assertOneLineError("train: ");
            assertFalse(java.nio.file.Files.exists(out));
        }
        java.nio.file.Path english = dir.resolve("english.weights");
        org.damka.eval.learned.LearnedWeights.initial(org.damka.rules.Variants.ENGLISH).write(english);
        errBytes.reset();
        assertEquals(1, run("train", data.toString(), "--resume", english.toString(), "--out", out.toString()));
        assertOneLineError("train: weights for english, not russian");
        errBytes.reset();
        assertEquals(1, run("train", "--variant", "english", data.toString(), "--out", out.toString()));
        assertOneLineError("not a english self-play file");
        errBytes.reset();
        assertEquals(2, run("train", data.toString(), "--base", "both", "--out", out.toString()));
        assertOneLineError("train: --base is classic or none, not 'both'");
        errBytes.reset();
        assertEquals(1, run("train", "--variant", "english", data.toString(), "--resume", english.toString(), "--base", "none", "--out", out.toString()));
        assertOneLineError("train: --base none, but " + english + " holds weights over classic");
        assertFalse(java.nio.file.Files.exists(out));
        // A folder where no file can be made (read-only, another user's; /proc here, which even root cannot
        // write) was found only when the weights were written, after the whole training.
        Path unwritable = Path.of("/proc/damka-train-test.weights");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(unwritable.getParent()), "no /proc here");
        errBytes.reset();
        assertEquals(2, run("train", data.toString(), "--out", unwritable.toString()));
        assertOneLineError("train: cannot write --out " + unwritable + ": ");
    }

    /** egdb build where something is in the way: named for what it is, and no .tmp left behind. */
    @Test
    void egdbBuildSaysWhatIsInTheWay(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("russian"), "not a folder");
        errBytes.reset();
        assertEquals(1, run("egdb", "build", "--variant", "russian", "--pieces", "2", "--dir", dir.toString()));
        assertOneLineError("egdb build: cannot write " + dir.resolve("russian") + ": a file is in the way");
        Path other = dir.resolve("other");
        Path table = org.damka.egdb.EgdbFile.path(other, org.damka.rules.Variants.RUSSIAN, new org.damka.egdb.Material(0, 1, 0, 1));
        Files.createDirectories(table);
        errBytes.reset();
        assertEquals(1, run("egdb", "build", "--variant", "russian", "--pieces", "2", "--dir", other.toString()));
        assertOneLineError("egdb build: cannot write " + table + ": a folder is in the way");
        try (var files = Files.list(table.getParent())) {
            assertTrue(files.noneMatch(f -> f.toString().endsWith(".tmp")), "no .tmp left behind");
        }
    }

    /** train --out onto a pipe or a device put a file in its place (as root, --out /dev/null replaced the system's). */
    @Test
    void trainDoesNotReplaceWhatIsNotARegularFile(@TempDir Path dir) throws Exception {
        Path data = Files.writeString(dir.resolve("data.txt"), org.damka.selfplay.SelfPlayFile.header(org.damka.rules.Variants.RUSSIAN) + "\n");
        Path fifo = dir.resolve("pipe");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        errBytes.reset();
        assertEquals(2, run("train", data.toString(), "--epochs", "0", "--out", fifo.toString()));
        assertOneLineError("train: cannot write --out " + fifo + ": not a regular file");
        assertTrue(Files.exists(fifo) && !Files.isRegularFile(fifo), "the pipe is still a pipe");
        // and the weights writer itself refuses, whoever calls it
        IOException e = assertThrows(IOException.class, () -> org.damka.eval.learned.LearnedWeights.initial(org.damka.rules.Variants.RUSSIAN).write(fifo));
        assertTrue(e.getMessage().contains("not a regular file"), e.getMessage());
        assertTrue(!Files.isRegularFile(fifo));
    }

    @Test
    void rescoreRefusesInputsItCannotReadAndWritesNothing(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("out.txt");
        Path garbage = Files.writeString(dir.resolve("garbage.txt"), "garbage\n");
        errBytes.reset();
        assertEquals(1, run("rescore", dir.resolve("missing.txt").toString(), "--out", out.toString()));
        assertOneLineError("rescore: no such file: " + dir.resolve("missing.txt"));
        errBytes.reset();
        assertEquals(1, run("rescore", garbage.toString(), "--out", out.toString()));
        assertOneLineError("rescore: " + garbage + ": not a russian self-play file");
        // A position string that does not parse, inside a whole game: named, for rescore and train alike.
        Path badPosition = Files.writeString(dir.resolve("bad.txt"),
                "# damka selfplay 1 variant russian\nW:Wzz9:Bb8\t1-0\t12\n# game 0 1-0 plies 3 positions 1\n");
        for (String command : new String[] {"rescore", "train"}) {
            errBytes.reset();
            assertEquals(1, run(command, badPosition.toString(), "--out", out.toString()));
            assertOneLineError(command + ": " + badPosition + " line 2: bad position 'W:Wzz9:Bb8': unknown square 'zz9'");
        }
        errBytes.reset();
        assertEquals(2, run("rescore", garbage.toString(), "--threads", "0", "--out", out.toString()));
        assertOneLineError("rescore: --threads must be 1..64");
        assertFalse(Files.exists(out));
    }

    @Test
    void benchRefusesADepthOutOfRange() {
        // the protocol's bench and go take 1..127: the command line refused 61 and over
        for (String depth : new String[] {"0", "-5", "128"}) {
            errBytes.reset();
            assertEquals(2, run("bench", "--depth", depth), depth);
            assertOneLineError("bench: depth must be between 1 and 127");
        }
    }

    @Test
    void benchRefusesThreadsOrHashOutOfRange() {
        String[][] cases = {{"--threads", "0", "--threads must be 1..64, got 0"}, {"--threads", "65", "--threads must be 1..64, got 65"},
            {"--hash", "0", "--hash must be 1..4096 MB, got 0"}, {"--hash", "5000", "--hash must be 1..4096 MB, got 5000"}};
        for (String[] c : cases) {
            errBytes.reset();
            assertEquals(2, run("bench", c[0], c[1]), c[0] + " " + c[1]);
            assertOneLineError("bench: " + c[2]);
        }
    }

    /** One variant's positions, two threads and a small table: every line that variant's, then the summary. */
    @Test
    void benchSearchesOneVariantWithTheThreadsAndTableGiven() {
        assertEquals(0, run("bench", "--variant", "english", "--depth", "6", "--threads", "2", "--hash", "1"));
        List<String> lines = out().lines().toList();
        long english = org.damka.engine.Bench.positions().stream().filter(p -> p.rules().name().equals("english")).count();
        assertTrue(english >= 3, "bench.txt has " + english + " english positions");
        assertEquals(english + 1, lines.size(), out());
        for (String line : lines.subList(0, lines.size() - 1)) assertTrue(line.contains(" english "), line);
        assertTrue(lines.get(lines.size() - 1).matches("bench \\d+ nodes \\d+ nps \\d+ ms"), out());
    }

    /** perft ... | head -2 counted on to its last depth (22 s for russian 13) for nobody: it stops at the first failed write. */
    @Test
    @Timeout(30)
    void perftStopsWhenNobodyReadsItsOutput() {
        OutputStream closed = new OutputStream() {
            private int lines;

            @Override public void write(int b) throws IOException {
                if (lines >= 2) throw new IOException("Broken pipe");
                if (b == '\n') lines++;
            }
        };
        PrintStream out = new PrintStream(closed, true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);
        // depth 40 would outlast the timeout by years
        assertEquals(0, Main.commandLine(out, err).execute("perft", "--variant", "russian", "--depth", "40"));
        assertTrue(out.checkError());
    }

    @Test
    void perftWithABadPositionSaysWhy() {
        assertEquals(2, run("perft", "--fen", "garbage", "--depth", "2"));
        assertOneLineError("perft: bad --fen for russian: position string 'garbage'");
    }

    @Test
    void matchOpeningsThatCannotBeReadAreNamed(@TempDir Path dir) throws IOException {
        Path binary = dir.resolve("book.bin");
        Files.write(binary, new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, 2, (byte) 0xc3, 0x28, '\n'});
        Path nuls = dir.resolve("zeros.txt");
        Files.write(nuls, new byte[64]);
        String[][] cases = {
            {dir.resolve("missing.txt").toString(), "no such file"},
            {dir.toString(), "it is a directory"},
            {binary.toString(), "not UTF-8 text"},
            {nuls.toString(), "control characters"},
        };
        for (String[] c : cases) {
            errBytes.reset();
            assertEquals(2, run("match", "--engine", "cmd=a", "--engine", "cmd=b", "--depth", "1", "--openings", c[0]), c[0]);
            assertOneLineError(c[0]);
            assertOneLineError(c[1]);
        }
    }

    @Test
    void unwritableOutputsAreFoundBeforeAnyEngineStarts(@TempDir Path dir) {
        // The engines do not exist: the output files must be refused before anyone tries them.
        String[] engines = {"match", "--engine", "cmd=" + dir.resolve("no-such-engine"), "--engine", "cmd=" + dir.resolve("no-such-engine"),
            "--depth", "1"};
        errBytes.reset();
        assertEquals(2, run(concat(engines, "--json", dir.resolve("no/such/dir/r.json").toString())));
        assertOneLineError("cannot write --json");
        assertOneLineError("no such directory");
        errBytes.reset();
        assertEquals(2, run(concat(engines, "--pdn", dir.toString())));
        assertOneLineError("cannot write --pdn " + dir + ": it is a directory");
    }

    /** A typo in the command (no time control, --games 0) emptied the log it named, and created empty outputs. */
    @Test
    void aRefusedMatchTouchesNoFile(@TempDir Path dir) throws IOException {
        Path log = Files.writeString(dir.resolve("last-night.log"), "1\n2\n3\n");
        Path pdn = dir.resolve("new.pdn"), json = dir.resolve("new.json");
        String[] engines = {"match", "--engine", "cmd=a", "--engine", "cmd=b", "--log", log.toString(), "--pdn", pdn.toString(),
            "--json", json.toString()};
        assertEquals(2, run(engines));
        assertOneLineError("no time control");
        errBytes.reset();
        assertEquals(2, run(concat(engines, "--depth", "1", "--games", "0")));
        assertOneLineError("games must be at least 1");
        assertEquals("1\n2\n3\n", Files.readString(log));
        assertFalse(Files.exists(pdn) || Files.exists(json), "empty outputs were created");
    }

    /** An output named as the openings (or as another output) was emptied before the match could fail. */
    @Test
    void aMatchRefusesToWriteOverItsOwnFiles(@TempDir Path dir) throws IOException {
        Path openings = Files.writeString(dir.resolve("o.txt"), "c3-d4 f6-g5\n");
        String[] engines = {"match", "--engine", "cmd=" + dir.resolve("no-such-engine"), "--engine", "cmd=" + dir.resolve("no-such-engine"),
            "--depth", "1", "--openings", openings.toString()};
        for (String output : new String[] {"--pdn", "--log", "--json"}) {
            errBytes.reset();
            assertEquals(2, run(concat(engines, output, openings.toString())), output);
            assertOneLineError(output + " " + openings + " is also --openings");
        }
        errBytes.reset();
        Path log = dir.resolve("log.txt");
        assertEquals(2, run(concat(engines, "--pdn", log.toString(), "--log", dir.resolve(".").resolve("log.txt").toString())));
        assertOneLineError("is also --pdn");
        assertEquals("c3-d4 f6-g5\n", Files.readString(openings));
        errBytes.reset();
        assertEquals(2, run(concat(engines, "--concurrency", "2000000000")));
        assertOneLineError("concurrency must be 1..64");
    }

    /** --resume once cut any file to its last self-play game line before reading it: all of a file that had none. */
    @Test
    void resumeRefusesAFileThatIsNotSelfPlayDataAndLeavesItWhole(@TempDir Path dir) throws IOException {
        Path precious = Files.writeString(dir.resolve("notes.txt"), "precious\n");
        errBytes.reset();
        assertEquals(1, run("selfplay", "--games", "1", "--depth", "1", "--resume", "--out", precious.toString()));
        assertOneLineError(precious + ": not a russian self-play file");
        assertEquals("precious\n", Files.readString(precious));
        String english = org.damka.selfplay.SelfPlayFile.header(org.damka.rules.Variants.ENGLISH) + "\nW:W21-32:B1-12\t1-0\t1";
        Path other = Files.writeString(dir.resolve("english.txt"), english);
        errBytes.reset();
        Path input = Files.writeString(dir.resolve("russian.txt"), org.damka.selfplay.SelfPlayFile.header(org.damka.rules.Variants.RUSSIAN) + "\n");
        assertEquals(1, run("rescore", input.toString(), "--resume", "--out", other.toString()));
        assertOneLineError(other + ": not a russian self-play file");
        assertEquals(english, Files.readString(other), "a refused file keeps even its partial last game");
    }

    /** train checked its --out only after training, and wrote weights over its own data when told to. */
    @Test
    void trainRefusesOutputsItCouldNotOrShouldNotWrite(@TempDir Path dir) throws IOException {
        String game = org.damka.selfplay.SelfPlayFile.header(org.damka.rules.Variants.RUSSIAN) + "\n";
        Path data = Files.writeString(dir.resolve("data.txt"), game);
        String[][] cases = {
            {dir.resolve("no/such/w.weights").toString(), "no such directory"},
            {dir.toString(), "it is a directory"},
            {"/", "it is a directory"},
            {data.toString(), "--out " + data + " is also the input"},
        };
        for (String[] c : cases) {
            errBytes.reset();
            assertEquals(2, run("train", data.toString(), "--out", c[0]), c[0]);
            assertOneLineError(c[1]);
        }
        assertEquals(game, Files.readString(data));
        for (String lr : new String[] {"Infinity", "NaN"}) {
            errBytes.reset();
            assertEquals(2, run("train", data.toString(), "--lr", lr, "--out", dir.resolve("w.weights").toString()), lr);
        }
        try (var listing = Files.list(dir)) {
            assertEquals(List.of(data), listing.toList(), "nothing written, no temporary file left");
        }
    }

    /**
     * train took --lr 1e6 and wrote weights whose scores were noise (a validation loss of 1752
     * against ln 2); a bad option's message listed every option's range; a file cut inside a
     * game lost that game without a word.
     */
    @Test
    void trainRefusesADivergedRunAndNamesTheBadOptionAndTheCutGame(@TempDir Path dir) throws IOException {
        Path data = dir.resolve("data.txt");
        assertEquals(0, run("selfplay", "--games", "6", "--depth", "3", "--out", data.toString()));
        Path out = dir.resolve("w.weights");
        errBytes.reset();
        assertEquals(1, run("train", data.toString(), "--epochs", "2", "--lr", "1e6", "--out", out.toString()));
        assertTrue(err().contains("worse than a coin toss's 0.69315 (ln 2): the training diverged (try a smaller --lr); nothing written"), err());
        assertFalse(Files.exists(out));

        String[][] bad = {{"--threads", "500", "--threads must be 1..64, got 500"}, {"--epochs", "-1", "--epochs must be 0 or more, got -1"},
            {"--validation", "1", "--validation must be above 0 and below 1, got 1.0"}, {"--batch", "0", "--batch must be 1 or more, got 0"}};
        for (String[] b : bad) {
            errBytes.reset();
            assertEquals(2, run("train", data.toString(), b[0], b[1], "--out", out.toString()), b[0]);
            assertOneLineError("train: " + b[2]);
        }

        String text = Files.readString(data);
        int cut = text.lastIndexOf("# game ");
        Path partial = Files.writeString(dir.resolve("partial.txt"), text.substring(0, cut + 9)); // half the last game line
        // The game line before the last game's position lines stands in for the half game line cut off.
        long lines = text.substring(text.lastIndexOf("# game ", cut - 1), cut).lines().count();
        errBytes.reset();
        assertEquals(0, run("train", partial.toString(), "--epochs", "1", "--out", out.toString()));
        assertTrue(err().contains("train: " + partial + ": the last " + lines + " lines are not a whole game (a run stopped or still playing): left out"), err());
    }

    /**
     * selfplay --resume appended games of another seed (or depth, random plies, evaluation) to a
     * file with nothing to tell them apart; --depth 0 and --nodes 0 silently meant the default.
     */
    @Test
    void selfplayResumesOnlyWithTheSettingsItsFileRecords(@TempDir Path dir) throws IOException {
        Path data = dir.resolve("data.txt");
        assertEquals(0, run("selfplay", "--games", "2", "--depth", "2", "--seed", "1", "--out", data.toString()));
        List<String> lines = Files.readAllLines(data);
        assertEquals("# settings seed 1 depth 2 random-plies 6 evaluation classic", lines.get(1));
        String before = Files.readString(data);
        for (String[] other : new String[][] {{"--seed", "2"}, {"--depth", "3"}, {"--random-plies", "4"}, {"--evaluation", "material"}}) {
            errBytes.reset();
            java.util.Map<String, String> settings = new java.util.LinkedHashMap<>(java.util.Map.of("--depth", "2", "--seed", "1"));
            settings.put(other[0], other[1]);
            java.util.List<String> args = new java.util.ArrayList<>(List.of("selfplay", "--games", "4", "--resume", "--out", data.toString()));
            settings.forEach((k, v) -> args.addAll(List.of(k, v)));
            assertEquals(1, run(args.toArray(String[]::new)), other[0]);
            String setting = other[0].substring(2) + " " + Map.of("--seed", "1", "--depth", "2", "--random-plies", "6", "--evaluation", "classic").get(other[0]);
            assertOneLineError("selfplay: " + data + " was made with " + setting + " (this run: " + other[1] + "): resume with the same settings, or write another file");
            assertEquals(before, Files.readString(data), "a refused resume leaves the file as it was");
        }
        // A run killed before its first game left the header and the settings: both are kept, and checked.
        Path empty = Files.writeString(dir.resolve("empty.txt"), lines.get(0) + "\n" + lines.get(1) + "\nW:W");
        assertEquals(1, run("selfplay", "--games", "1", "--depth", "3", "--resume", "--out", empty.toString()));
        assertEquals(0, run("selfplay", "--games", "1", "--depth", "2", "--seed", "1", "--resume", "--out", empty.toString()));
        List<String> resumed = Files.readAllLines(empty);
        assertEquals(lines.subList(0, 2), resumed.subList(0, 2));
        assertEquals(1, java.util.Collections.frequency(resumed, lines.get(1)), "the settings once: " + resumed);
        assertEquals(1, run("selfplay", "--games", "2", "--depth", "3", "--resume", "--out", empty.toString()), "still checked after the resume");
        assertEquals(0, run("selfplay", "--games", "4", "--depth", "2", "--seed", "1", "--resume", "--out", data.toString()));
        assertEquals(before, Files.readString(data).substring(0, before.length()), "the same settings continue the file");
        // A file of an earlier session records no settings: resumed as before.
        Path old = Files.writeString(dir.resolve("old.txt"), lines.get(0) + "\n");
        assertEquals(0, run("selfplay", "--games", "1", "--depth", "1", "--resume", "--out", old.toString()));
        for (String[] zero : new String[][] {{"--depth", "0", "--depth must be 1..60, got 0"}, {"--nodes", "0", "--nodes must be 1 or more, got 0"}}) {
            errBytes.reset();
            assertEquals(2, run("selfplay", "--games", "1", zero[0], zero[1], "--out", dir.resolve("zero.txt").toString()), zero[0]);
            assertOneLineError("selfplay: " + zero[2]);
            errBytes.reset();
            assertEquals(2, run("rescore", data.toString(), zero[0], zero[1], "--out", dir.resolve("zero.txt").toString()), zero[0]);
            assertOneLineError("rescore: " + zero[2]);
        }
    }

    @Test
    void selfPlayDataThatIsNotTextOrHasABadScoreIsNamed(@TempDir Path dir) throws IOException {
        Path binary = Files.write(dir.resolve("data.bin"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, '\n'});
        Path badScore = Files.writeString(dir.resolve("score.txt"), org.damka.selfplay.SelfPlayFile.header(org.damka.rules.Variants.RUSSIAN)
                + "\nW:Wc3:Bf6\t1-0\t99999999999\n# game 0 1-0 plies 3 positions 1\n");
        String[][] cases = {
            {binary.toString(), binary + ": not UTF-8 text"},
            {badScore.toString(), badScore + " line 2: bad score '99999999999'"},
            {dir.toString(), dir + ": it is a directory"},
        };
        for (String[] c : cases) {
            errBytes.reset();
            assertEquals(1, run("train", c[0], "--out", dir.resolve("w.weights").toString()), c[0]);
            assertOneLineError("train: " + c[1]);
        }
    }

    /**
     * A probe beyond the pieces built said "unknown" and no more; one ply was "1 plies" (an endgame
     * table user's review). A probe loads only the tables its balance reaches.
     */
    @Test
    void egdbProbeSaysWhichTableIsMissing(@TempDir Path dir) throws IOException {
        assertEquals(0, run("egdb", "build", "--pieces", "3", "--dir", dir.toString()));
        outBytes.reset();
        assertEquals(0, run("egdb", "probe", "--dir", dir.toString(), "--fen", "W:Wc3:Bd4"));
        assertTrue(out().contains("w1m0k-b1m0k white to move: win in 1 ply"), out());
        errBytes.reset();
        outBytes.reset();
        assertEquals(1, run("egdb", "probe", "--dir", dir.toString(), "--fen", "W:WKa1,Kc1,Ke1:BKh8"));
        assertOneLineError("egdb probe: no table of w0m3k-b0m1k in " + dir + " (built up to fewer pieces?)");
        assertTrue(out().contains("w0m3k-b0m1k white to move: unknown"), out());
        // stats with a table left out (it exited 0, its row silently missing)
        assertEquals(0, run("egdb", "stats", "--pieces", "3", "--dir", dir.toString()));
        Files.writeString(org.damka.egdb.EgdbFile.path(dir, org.damka.rules.Variants.RUSSIAN, new org.damka.egdb.Material(0, 2, 0, 1)), "not a table");
        errBytes.reset();
        outBytes.reset();
        assertEquals(1, run("egdb", "stats", "--pieces", "3", "--dir", dir.toString()));
        assertTrue(err().contains("w0m2k-b0m1k.egdb: not a damka table"), err());
    }

    /** egdb said 'unknown' or printed an empty table for a folder that does not exist, and took any thread count. */
    @Test
    void egdbSaysWhyItHasNoTablesAndChecksItsOptions(@TempDir Path dir) throws IOException {
        Path missing = dir.resolve("nosuch");
        errBytes.reset();
        assertEquals(1, run("egdb", "stats", "--dir", missing.toString()));
        assertOneLineError("egdb stats: no tables of russian up to 4 pieces in " + missing + " (no such folder)");
        errBytes.reset();
        assertEquals(1, run("egdb", "probe", "--dir", missing.toString(), "--fen", "W:WKa1:BKh8"));
        assertOneLineError("(no such folder)");
        errBytes.reset(); // nine pieces: "internal error: java.lang.IllegalArgumentException: bad material"
        assertEquals(1, run("egdb", "probe", "--dir", missing.toString(), "--fen", "W:WKa1,Kc1,e1,g1,a3,c3,e3,g3:BKh8"));
        assertOneLineError("egdb probe: the tables hold at most 7 pieces; this position has 9");
        errBytes.reset(); // ten or more: the same line was followed by "internal error: … bad material 12,0,12,0"
        assertEquals(1, run("egdb", "probe", "--dir", missing.toString(), "--fen", "W:W21-32:B1-12"));
        assertOneLineError("egdb probe: the tables hold at most 7 pieces; this position has 24");
        assertTrue(out().contains("w12m0k-b12m0k white to move: unknown"), out());
        errBytes.reset(); // a finished game: "no tables of russian up to 1 pieces", "unknown"
        outBytes.reset();
        assertEquals(0, run("egdb", "probe", "--dir", missing.toString(), "--fen", "W:Wa1"));
        assertEquals("", err().strip());
        assertTrue(out().contains("w1m0k-b0m0k white to move: the game is over (Black has no pieces)"), out());
        outBytes.reset(); // also with more pieces than any table holds
        assertEquals(0, run("egdb", "probe", "--dir", missing.toString(), "--fen", "W:W21-32"));
        assertEquals("", err().strip());
        assertTrue(out().contains("w12m0k-b0m0k white to move: the game is over (Black has no pieces)"), out());
        errBytes.reset();
        assertEquals(2, run("egdb")); // a usage error (it exited 0)
        assertOneLineError("egdb: give a subcommand");
        for (String threads : new String[] {"0", "-1", "100000"}) {
            errBytes.reset();
            assertEquals(2, run("egdb", "build", "--pieces", "2", "--dir", dir.toString(), "--threads", threads), threads);
            assertOneLineError("egdb: --threads must be 1..64");
        }
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        errBytes.reset();
        assertEquals(1, run("egdb", "build", "--pieces", "2", "--dir", file.resolve("sub").toString()));
        assertTrue(err().contains("egdb build: cannot write " + file), err());
        errBytes.reset();
        assertEquals(1, run("egdb", "verify", "--pieces", "2", "--dir", missing.toString()));
        assertOneLineError("egdb verify: no tables of russian up to 2 pieces in " + missing + " (no such folder)");
    }

    /** build and verify wrote their progress and report to System.out and System.err, not to the command line's streams. */
    @Test
    void egdbBuildAndVerifyWriteToTheCommandLinesStreams(@TempDir Path dir) {
        assertEquals(0, run("egdb", "build", "--variant", "english", "--pieces", "2", "--dir", dir.toString()));
        assertTrue(err().contains("egdb english 1/"), err());
        assertTrue(out().contains("egdb build english up to 2 pieces: done"), out());
        outBytes.reset();
        errBytes.reset();
        assertEquals(0, run("egdb", "verify", "--variant", "english", "--pieces", "2", "--dir", dir.toString()));
        assertTrue(err().contains("egdb verify english 1/"), err());
        assertEquals("egdb verify english up to 2 pieces: ok", out().strip());
    }

    @Test
    void selfPlaySaysWhenItsFolderIsMissingAndRefusesWeightsForAnotherEvaluation(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("no/such/folder/games.txt");
        errBytes.reset();
        assertEquals(1, run("selfplay", "--games", "1", "--depth", "1", "--out", out.toString()));
        assertOneLineError("selfplay: no such directory " + out.getParent());
        Path weights = dir.resolve("w.weights");
        org.damka.eval.learned.LearnedWeights.initial(org.damka.rules.Variants.RUSSIAN).write(weights);
        for (String evaluation : new String[] {"classic", "material"}) {
            errBytes.reset();
            assertEquals(2, run("selfplay", "--games", "1", "--depth", "1", "--evaluation", evaluation, "--eval-file", weights.toString(),
                    "--out", dir.resolve("g.txt").toString()), evaluation);
            assertOneLineError("--evaluation is " + evaluation);
        }
    }

    @Test
    void aShardIsExactlyTwoNumbers(@TempDir Path dir) {
        for (String shard : new String[] {"0/1/2", "1/", "/2", "abc"}) {
            errBytes.reset();
            assertEquals(2, run("selfplay", "--games", "1", "--shard", shard, "--out", dir.resolve("g.txt").toString()), shard);
            assertOneLineError("--shard must be i/n, got '" + shard + "'");
        }
    }

    /** A named pipe given as a file blocked its reader until killed. */
    @Test
    void aPipeGivenAsAFileIsRefusedNotWaitedOn(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("pipe");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        errBytes.reset();
        assertEquals(1, run("train", fifo.toString(), "--out", dir.resolve("w.weights").toString()));
        assertOneLineError(fifo + ": not a regular file");
        errBytes.reset();
        assertEquals(1, run("selfplay", "--games", "1", "--depth", "1", "--out", fifo.toString()));
        assertOneLineError(fifo + ": not a regular file");
        errBytes.reset();
        assertEquals(2, run("match", "--engine", "cmd=a", "--engine", "cmd=b", "--depth", "1", "--openings", fifo.toString()));
        assertOneLineError(fifo + ": not a regular file");
    }

    @Test
    void aFixedNodeMatchLongerThanItsOpeningsWarnsThatGamesRepeat(@TempDir Path dir) {
        // Each built-in opening is played with both colours: game 2n + 1 would repeat game 1.
        int n = org.damka.match.Openings.builtIn(org.damka.rules.Variants.RUSSIAN).size();
        String engine = "cmd=" + dir.resolve("no-such-engine");
        String more = Integer.toString(2 * n + 1);
        errBytes.reset();
        run("match", "--engine", engine, "--engine", engine, "--nodes", "1000", "--games", more);
        assertTrue(errBytes.toString().contains(more + " games from " + n + " openings at a fixed node count"), errBytes.toString());
        errBytes.reset();
        run("match", "--engine", engine, "--engine", engine, "--nodes", "1000", "--games", Integer.toString(2 * n));
        assertFalse(errBytes.toString().contains("repeat earlier ones"), errBytes.toString());
        errBytes.reset();
        run("match", "--engine", engine, "--engine", engine, "--movetime", "100", "--games", more);
        assertFalse(errBytes.toString().contains("repeat earlier ones"), "a clock varies the games: " + errBytes);
    }

    @Test
    void timeoutsAreSecondsUnlessTheyCarryAUnit() {
        MatchCommand m = parse("--timeout", "2", "--startup-timeout", "1.5");
        assertEquals(2000, m.timeoutMs, "--timeout is in seconds, as README says");
        assertEquals(1500, m.startTimeoutMs);
        assertEquals(100, m.marginMs, "--time-margin stays in ms");
        m = parse("--timeout", "500ms", "--startup-timeout", "3s", "--time-margin", "0.2s", "--movetime", "250");
        assertEquals(500, m.timeoutMs);
        assertEquals(3000, m.startTimeoutMs);
        assertEquals(200, m.marginMs);
        assertEquals(250, m.movetime);
        m = parse();
        assertEquals(60_000, m.timeoutMs, "default 60 s");
        assertEquals(30_000, m.startTimeoutMs, "default 30 s");
        assertEquals(2, run("match", "--engine", "cmd=a", "--engine", "cmd=b", "--depth", "1", "--timeout", "soon"));
        assertOneLineError("'soon' is not a duration");
    }

    private static MatchCommand parse(String... extra) {
        MatchCommand m = new MatchCommand(System.out, System.err);
        new CommandLine(m).parseArgs(concat(new String[] {"--engine", "cmd=a", "--engine", "cmd=b"}, extra));
        return m;
    }

    @Test
    void dxpPortInUseIsOneLine() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertEquals(1, run("dxp", "--listen", "127.0.0.1:" + taken.getLocalPort(), "--quiet"));
            assertOneLineError("dxp: cannot listen on 127.0.0.1:" + taken.getLocalPort() + ": Address already in use");
        }
    }

    @Test
    void guiPortInUseSaysWhyAndAnEmptyHostIsRefused() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertEquals(1, run("gui", "--host", "127.0.0.1", "--port", Integer.toString(taken.getLocalPort())));
            assertOneLineError("damka gui: cannot listen on 127.0.0.1:" + taken.getLocalPort() + ": Address already in use");
        }
        errBytes.reset();
        assertEquals(2, run("gui", "--host", "", "--port", "0"));
        assertOneLineError("damka gui: --host is empty");
        for (String host : new String[] {"no-such-host.invalid", "192.168.1.300"}) { // said "cannot listen on …: null"
            errBytes.reset();
            assertEquals(2, run("gui", "--host", host, "--port", "0"), host);
            assertOneLineError("damka gui: unknown host '" + host + "'");
        }
        errBytes.reset();
        assertEquals(2, run("gui", "--port", "0", "--egdb-pieces", "8"));
        assertOneLineError("damka gui: --egdb-pieces must be 0..7, got 8");
    }

    @Test
    void dxpInitiatorThatCannotConnectFails() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort(); // free again once closed
        }
        assertEquals(1, run("dxp", "--connect", "127.0.0.1:" + port, "--quiet"));
        assertOneLineError("dxp: cannot connect to 127.0.0.1:" + port);
    }

    @Test
    void dxpInitiatorGivesUpOnASilentPeer() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Socket> accepted = CompletableFuture.supplyAsync(() -> accept(silent));
            long start = System.nanoTime();
            assertEquals(1, run("dxp", "--connect", "127.0.0.1:" + silent.getLocalPort(), "--timeout", "1", "--quiet"));
            assertTrue(System.nanoTime() - start < 30_000_000_000L);
            assertOneLineError("dxp: no message from opponent for 1 s");
            accepted.get().close();
        }
        assertEquals("", out().strip(), "no game was played");
    }

    @Test
    void dxpInitiatorWhoseGameIsRefusedFails() throws Exception {
        try (ServerSocket follower = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> peer = CompletableFuture.runAsync(() -> {
                try (Socket s = accept(follower)) {
                    InputStream in = s.getInputStream();
                    while (in.read() > 0) { } // the GAMEREQ up to its NUL
                    OutputStream o = s.getOutputStream();
                    o.write(("ARefuser" + " ".repeat(25) + "2\0").getBytes(StandardCharsets.US_ASCII));
                    o.flush();
                    in.read(); // until damka closes
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            });
            assertEquals(1, run("dxp", "--connect", "127.0.0.1:" + follower.getLocalPort(), "--quiet"));
            assertOneLineError("dxp: Refuser refused the game (GAMEACC code 2)");
            peer.get();
        }
    }

    private static Socket accept(ServerSocket s) {
        try {
            return s.accept();
        } catch (IOException e) {
            throw new RuntimeException(e);
        }
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
