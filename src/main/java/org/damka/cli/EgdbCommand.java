package org.damka.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.damka.board.Fen;
import org.damka.board.FenException;
import org.damka.board.Position;
import org.damka.egdb.Egdb;
import org.damka.egdb.EgdbBuilder;
import org.damka.egdb.EgdbCounts;
import org.damka.egdb.EgdbValue;
import org.damka.egdb.Material;
import org.damka.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code damka egdb build|probe|verify|stats}: the endgame tables (docs/egdb.md). */
@Command(name = "egdb", mixinStandardHelpOptions = true,
        description = "Build, probe and verify endgame databases.",
        subcommands = {EgdbCommand.Build.class, EgdbCommand.Probe.class, EgdbCommand.Verify.class, EgdbCommand.Stats.class})
final class EgdbCommand implements Runnable {
    /** The folder tables go to and are read from when none is given. */
    static final String DEFAULT_DIR = "egdb";

    private final PrintStream out;

    EgdbCommand(PrintStream out) {
        this.out = out;
    }

    @Override
    public void run() {
        out.println("egdb: give a subcommand: build, probe, verify or stats (damka egdb --help)");
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

        boolean piecesOk() {
            if (pieces >= 2 && pieces <= 7) return true;
            System.err.println("egdb: --pieces must be between 2 and 7");
            return false;
        }
    }

    @Command(name = "build", mixinStandardHelpOptions = true,
            description = "Build every material balance up to --pieces by retrograde analysis; resumes an interrupted build.")
    static final class Build extends Common implements Callable<Integer> {
        @Override
        public Integer call() {
            if (!piecesOk()) return 2;
            long t0 = System.nanoTime();
            try {
                new EgdbBuilder(rules, dir, threads, System.err).build(pieces);
            } catch (IOException | RuntimeException e) {
                System.err.println("egdb build: " + e.getMessage());
                return 1;
            }
            System.out.printf("egdb build %s up to %d pieces: done in %.1f s%n", rules.name(), pieces, (System.nanoTime() - t0) / 1e9);
            return 0;
        }
    }

    @Command(name = "verify", mixinStandardHelpOptions = true,
            description = "Check every stored value against the values of its successors, one ply down.")
    static final class Verify extends Common implements Callable<Integer> {
        @Override
        public Integer call() {
            if (!piecesOk()) return 2;
            long problems = new EgdbBuilder(rules, dir, threads, System.err).verifyAll(pieces, System.out);
            System.out.println("egdb verify " + rules.name() + " up to " + pieces + " pieces: "
                    + (problems == 0 ? "ok" : problems + " problems"));
            return problems == 0 ? 0 : 1;
        }
    }

    @Command(name = "stats", mixinStandardHelpOptions = true,
            description = "Print positions per value (White to move) of every built balance up to --pieces, as a Markdown table.")
    static final class Stats extends Common implements Callable<Integer> {
        @Override
        public Integer call() {
            if (!piecesOk()) return 2;
            Egdb egdb = Egdb.load(dir, rules, pieces, System.err::println);
            System.out.println("| balance (White v Black) | positions | win | draw | loss | longest win (plies) |");
            System.out.println("|---|---:|---:|---:|---:|---:|");
            for (Material m : Egdb.balances(rules, pieces)) {
                EgdbCounts c = egdb.whiteToMoveCounts(m);
                if (c == null) continue; // not built
                System.out.printf("| %s | %d | %d | %d | %d | %d |%n", m.describe(), c.positions(), c.wins(), c.draws(), c.losses(), c.longestWin());
            }
            return egdb.slices() == 0 ? 1 : 0;
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
                System.err.println("egdb probe: " + e.getMessage());
                return 2;
            }
            int pieces = p.count(0) + p.count(1);
            Egdb egdb = Egdb.load(dir, rules, pieces, System.err::println);
            int v = egdb.probe(p);
            System.out.println(Material.of(p) + " " + (p.sideToMove() == Position.WHITE ? "white" : "black")
                    + " to move: " + EgdbValue.describe(v));
            return v == EgdbValue.UNKNOWN ? 1 : 0;
        }
    }
}
