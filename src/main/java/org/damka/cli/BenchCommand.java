package org.damka.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;

import org.damka.egdb.EgdbSettings;
import org.damka.engine.Bench;
import org.damka.engine.Engine;
import org.damka.eval.Evaluations;
import org.damka.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code damka bench}: searches the fixed bench positions of every variant to fixed depths (one
 * thread, 16 MB, fresh state per position), prints a line per position and last
 * {@code bench <nodes> nodes <nps> nps <ms> ms}. The node total is the same on every run.
 * {@code --threads}, {@code --hash} and {@code --variant} measure other set-ups (not the signature).
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Search the fixed bench positions; the node total is the search's signature.")
final class BenchCommand implements Callable<Integer> {
    @Option(names = "--depth", description = "search every position to this depth (1.." + Engine.MAX_SEARCH_DEPTH + ") instead of its listed one")
    Integer depth;

    @Option(names = "--evaluation", description = "auto (default, the signature: each variant's default), classic, learned or material")
    String evaluation = org.damka.eval.Evaluations.AUTO;

    @Option(names = "--egdb-pieces", description = "probe endgame tables up to this many pieces (default 0: none, as for the signature)")
    int egdbPieces;

    @Option(names = "--egdb-path", description = "the endgame tables' folder (default: ${DEFAULT-VALUE})")
    String egdbPath = EgdbSettings.DEFAULT_PATH;

    @Option(names = "--threads", description = "search threads (Lazy SMP; default 1, the signature's; with more the node total varies and time is wall time)")
    int threads = 1;

    @Option(names = "--hash", description = "transposition table in MB (default: ${DEFAULT-VALUE}, the signature's)")
    int hashMb = Bench.HASH_MB;

    @Option(names = "--variant", converter = VariantConverter.class,
            description = "only this variant's positions (default: all)")
    Rules variant;

    private final PrintStream out;
    private final PrintStream err;

    BenchCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        if (depth != null && (depth < 1 || depth > Engine.MAX_SEARCH_DEPTH)) { // the protocol's bench takes the same
            err.println("bench: depth must be between 1 and " + Engine.MAX_SEARCH_DEPTH);
            return 2;
        }
        String eval;
        try {
            eval = org.damka.eval.Evaluations.canonicalName(evaluation);
        } catch (IllegalArgumentException e) {
            err.println("bench: " + e.getMessage());
            return 2;
        }
        EgdbSettings tables = null;
        if (egdbPieces != 0) {
            tables = new EgdbSettings();
            try {
                tables.setPieces(egdbPieces);
                tables.setPath(egdbPath);
            } catch (IllegalArgumentException e) {
                err.println("bench: " + e.getMessage());
                return 2;
            }
        }
        Bench.Resources resources;
        try {
            resources = new Bench.Resources(threads, hashMb);
        } catch (IllegalArgumentException e) {
            err.println("bench: " + e.getMessage());
            return 2;
        }
        java.util.function.Consumer<String> print = line -> {
            out.println(line);
            out.flush();
        };
        boolean signature = eval.equals(org.damka.eval.Evaluations.AUTO) && tables == null
                && resources.equals(Bench.Resources.SIGNATURE) && variant == null;
        List<Bench.Position> positions = Bench.positions().stream()
                .filter(p -> variant == null || p.rules() == variant).toList();
        Bench.Result result = signature ? new Engine().bench(listedOr(depth), print)
                : new Bench(eval, tables, resources).search(positions, listedOr(depth), print);
        if (tables != null) tables.takeNotes().forEach(note -> err.println(note.text()));
        out.println(result.summary());
        out.flush();
        return 0;
    }

    /** The depth to search every position to; 0 for each position's listed one. */
    private static int listedOr(Integer depth) {
        return depth == null ? 0 : depth;
    }
}
