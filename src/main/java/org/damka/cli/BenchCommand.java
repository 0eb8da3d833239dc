package org.damka.cli;

import java.io.PrintStream;
import java.util.concurrent.Callable;

import org.damka.engine.Bench;
import org.damka.engine.Engine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code damka bench}: searches the fixed bench positions of every variant to fixed depths (one
 * thread, 16 MB, fresh state per position), prints a line per position and last
 * {@code bench <nodes> nodes <nps> nps <ms> ms}. The node total is the same on every run.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Search the fixed bench positions; the node total is the search's signature.")
final class BenchCommand implements Callable<Integer> {
    @Option(names = "--depth", description = "search every position to this depth instead of its listed one")
    int depth;

    private final PrintStream out;

    BenchCommand(PrintStream out) {
        this.out = out;
    }

    @Override
    public Integer call() {
        if (depth < 0 || depth > 60) {
            System.err.println("bench: depth must be between 1 and 60");
            return 2;
        }
        Bench.Result result = new Engine().bench(depth, line -> {
            out.println(line);
            out.flush();
        });
        out.println(result.summary());
        out.flush();
        return 0;
    }
}
