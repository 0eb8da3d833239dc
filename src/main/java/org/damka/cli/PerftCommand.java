package org.damka.cli;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.Callable;

import org.damka.board.Fen;
import org.damka.board.FenException;
import org.damka.board.Position;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.damka.movegen.MoveNotation;
import org.damka.movegen.Perft;
import org.damka.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code damka perft}: leaf counts per depth with single-thread CPU time and speed. */
@Command(name = "perft", mixinStandardHelpOptions = true,
        description = "Count leaf positions at each depth 1..D (duplicate captures merged) and report speed.")
final class PerftCommand implements Callable<Integer> {
    @Option(names = "--variant", defaultValue = "russian", converter = VariantConverter.class,
            description = "russian, brazilian, international, english or hexagonal (default: ${DEFAULT-VALUE})")
    Rules rules;

    @Option(names = "--fen", description = "start from this position string (default: the variant's start)")
    String fen;

    @Option(names = "--depth", required = true, description = "deepest depth to count")
    int depth;

    @Option(names = "--divide", description = "first print the count below each root move at the deepest depth")
    boolean divide;

    private final PrintStream out;
    private final PrintStream err;

    PerftCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        if (depth < 1 || depth > 40) {
            err.println("perft: depth must be between 1 and 40");
            return 2;
        }
        Position root;
        try {
            root = Fen.parse(rules, fen == null ? rules.startFen() : fen);
        } catch (FenException e) {
            err.println("perft: bad --fen for " + rules.name() + ": " + e.getMessage());
            return 2;
        }
        MoveGenerator generator = MoveGenerator.create(rules);
        Perft perft = new Perft(generator);
        if (divide) {
            MoveList moves = new MoveList();
            long[] counts = perft.divide(root, moves, depth);
            MoveNotation notation = new MoveNotation(rules);
            long total = 0;
            for (int i = 0; i < counts.length; i++) {
                out.println(notation.format(root, moves, i) + ": " + counts[i]);
                total += counts[i];
            }
            out.println("total " + total);
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int d = 1; d <= depth; d++) {
            long start = threads.getCurrentThreadCpuTime();
            long nodes = perft.count(root, d);
            long ns = Math.max(1, threads.getCurrentThreadCpuTime() - start);
            long ms = ns / 1_000_000;
            long nps = nodes * 1_000_000_000L / ns;
            out.println("perft " + d + " " + nodes + " " + ms + " ms " + nps + " nps");
            // Nobody reads any more (perft ... | head -2): the deeper depths would be counted for nothing.
            if (out.checkError()) break;
        }
        return 0;
    }
}
