package org.damka.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.damka.board.Fen;
import org.damka.board.FenException;
import org.damka.board.Position;
import org.damka.egdb.Egdb;
import org.damka.egdb.EgdbBuilder;
import org.damka.egdb.EgdbCounts;
import org.damka.egdb.EgdbFile;
import org.damka.egdb.EgdbSettings;
import org.damka.egdb.EgdbValue;
import org.damka.egdb.Material;
import org.damka.engine.Engine;
import org.damka.files.FileErrors;
import org.damka.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code damka egdb build|probe|verify|stats}: the endgame tables (docs/egdb.md). */
@Command(name = "egdb", mixinStandardHelpOptions = true,
        description = "Build, probe and verify endgame databases.",
        subcommands = {EgdbCommand.Build.class, EgdbCommand.Probe.class, EgdbCommand.Verify.class, EgdbCommand.Stats.class})
final class EgdbCommand implements Callable<Integer> {
    /** The folder tables go to and are read from when none is given. */
    static final String DEFAULT_DIR = "egdb";

    private final PrintStream err;

    EgdbCommand(PrintStream err) {
        this.err = err;
    }

    /** Without a subcommand: a usage error, as picocli's own (exit 2). */
    @Override
    public Integer call() {
        err.println("egdb: give a subcommand: build, probe, verify or stats (damka egdb --help)");
        return 2;
    }

    /** Options every subcommand takes. */
    abstract static class Common {
        @Option(names = "--variant", defaultValue = "russian", converter = VariantConverter.class,
                description = "russian, brazilian, international, english or hexagonal (default: ${DEFAULT-VALUE})")
        Rules rules;

        @Option(names = "--dir", defaultValue = DEFAULT_DIR, description = "table folder (default: ${DEFAULT-VALUE})")
        Path dir;

        @Option(names = "--pieces", defaultValue = "4", description = "up to this many pieces (default: ${DEFAULT-VALUE})")
        int pieces;

        @Option(names = "--threads", defaultValue = "1", description = "threads (default: ${DEFAULT-VALUE})")
        int threads;

        @Spec
        CommandSpec spec;

        /** The command line's streams (System.out and System.err unless a caller set others). */
        PrintWriter out() {
            return spec.commandLine().getOut();
        }

        PrintWriter err() {
            return spec.commandLine().getErr();
        }

        boolean optionsOk() {
            if (pieces < 2 || pieces > 7) {
                err().println("egdb: --pieces must be between 2 and 7");
                return false;
            }
            if (threads < 1 || threads > Engine.MAX_THREADS) {
                err().println("egdb: --threads must be 1.." + Engine.MAX_THREADS);
                return false;
            }
            return true;
        }
    }

    @Command(name = "build", mixinStandardHelpOptions = true,
            description = "Build every material balance up to --pieces by retrograde analysis; resumes an interrupted build.")
    static final class Build extends Common implements Callable<Integer> {
        @Override
        public Integer call() {
            if (!optionsOk()) return 2;
            long t0 = System.nanoTime();
            try {
                new EgdbBuilder(rules, dir, threads, err()).build(pieces);
            } catch (IOException e) {
                String file = e instanceof FileSystemException f && f.getFile() != null ? f.getFile() : dir.toString();
                err().println("egdb build: cannot write " + file + ": " + FileErrors.describe(Path.of(file), e));
                return 1;
            } catch (RuntimeException e) {
                err().println("egdb build: " + e.getMessage());
                return 1;
            }
            out().printf(java.util.Locale.ROOT, "egdb build %s up to %d pieces: done in %.1f s%n", rules.name(), pieces, (System.nanoTime() - t0) / 1e9);
            return 0;
        }
    }

    @Command(name = "verify", mixinStandardHelpOptions = true,
            description = "Check every stored value against the values of its successors, one ply down.")
    static final class Verify extends Common implements Callable<Integer> {
        @Override
        public Integer call() {
            if (!optionsOk()) return 2;
            if (!Files.isDirectory(dir)) { // else every balance would be reported missing, one line each
                err().println("egdb verify: " + Egdb.noTables(rules, pieces, dir));
                return 1;
            }
            long problems = new EgdbBuilder(rules, dir, threads, err()).verifyAll(pieces, out());
            out().println("egdb verify " + rules.name() + " up to " + pieces + " pieces: "
                    + (problems == 0 ? "ok" : problems + " problems"));
            return problems == 0 ? 0 : 1;
        }
    }

    @Command(name = "stats", mixinStandardHelpOptions = true,
            description = "Print positions per value (White to move) of every built balance up to --pieces, as a Markdown table.")
    static final class Stats extends Common implements Callable<Integer> {
        @Override
        public Integer call() {
            if (!optionsOk()) return 2;
            int[] warnings = {0}; // a table left out is a row missing
            Egdb egdb = Egdb.load(dir, rules, pieces, warning -> {
                warnings[0]++;
                err().println(warning);
            });
            if (egdb.slices() == 0) {
                if (!egdb.leftOutForMemory()) err().println("egdb stats: " + Egdb.noTables(rules, pieces, dir));
                return 1;
            }
            out().println("| balance (White v Black) | positions | win | draw | loss | longest win (plies) |");
            out().println("|---|---:|---:|---:|---:|---:|");
            for (Material m : Egdb.balances(rules, pieces)) {
                EgdbCounts c = egdb.whiteToMoveCounts(m);
                if (c == null) continue; // not built
                out().printf(java.util.Locale.ROOT, "| %s | %d | %d | %d | %d | %d |%n", m.describe(), c.positions(), c.wins(), c.draws(), c.losses(), c.longestWin());
            }
            return warnings[0] == 0 ? 0 : 1; // as verify: not a success
        }
    }

    @Command(name = "probe", mixinStandardHelpOptions = true, description = "Print the table value of a position.")
    static final class Probe extends Common implements Callable<Integer> {
        @Option(names = "--fen", required = true, description = "the position")
        String fen;

        @Override
        public Integer call() {
            Position p;
            try {
                p = Fen.parse(rules, fen);
            } catch (FenException e) {
                err().println("egdb probe: " + e.getMessage());
                return 2;
            }
            int pieces = p.count(0) + p.count(1);
            String position = Material.describe(p) + " " + (p.sideToMove() == Position.WHITE ? "white" : "black") + " to move: ";
            if (p.count(0) == 0 || p.count(1) == 0) {
                // a finished game, not a table's position (there is no table of one side alone)
                String why = new org.damka.game.Game(rules, p).boardResult().map(r -> r.reason()).orElse("a side has no pieces");
                out().println(position + "the game is over (" + why + ")");
                return 0;
            }
            if (pieces > EgdbSettings.MAX_PIECES) {
                err().println("egdb probe: the tables hold at most " + EgdbSettings.MAX_PIECES + " pieces; this position has " + pieces);
                out().println(position + EgdbValue.describe(EgdbValue.UNKNOWN));
                return 1;
            }
            Material material = Material.of(p);
            Egdb egdb = Egdb.loadFor(dir, rules, material, err()::println);
            if (egdb.slices() == 0 && !egdb.leftOutForMemory()) err().println("egdb probe: " + Egdb.noTables(rules, pieces, dir));
            else if (!egdb.has(material) && !Files.exists(EgdbFile.path(dir, rules, material))) { // a damaged one was named by the load
                err().println("egdb probe: no table of " + material + " in " + dir + " (built up to fewer pieces?)");
            }
            int v = egdb.probe(p);
            out().println(position + EgdbValue.describe(v));
            return v == EgdbValue.UNKNOWN ? 1 : 0;
        }
    }
}
