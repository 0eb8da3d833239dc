package org.damka.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.damka.match.Adjudication;
import org.damka.match.EngineSpec;
import org.damka.files.FileErrors;
import org.damka.match.Match;
import org.damka.match.MatchLog;
import org.damka.match.MatchReport;
import org.damka.match.Opening;
import org.damka.match.Openings;
import org.damka.match.Sprt;
import org.damka.match.TimeControl;
import org.damka.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code damka match}: engine-vs-engine games refereed by damka's rules core. Progress goes to
 * stderr, the summary table to stdout. Exit code 0 when the match ran, 1 when it stopped on an
 * error (e.g. an engine that cannot be started), 2 for bad arguments.
 */
@Command(name = "match", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Play games between two engine processes that speak the damka (UCI-style) or the Hub protocol.",
                "Each opening is played twice with colours swapped; damka's rules core referees every move."})
final class MatchCommand implements Callable<Integer> {
    @Option(names = "--engine", required = true, paramLabel = "SPEC",
            description = {"An engine, given twice: \"cmd=<command line> [name=<n>] [dir=<d>] [proto=uci|hub] [tc=…|depth=…|movetime=…|nodes=…]"
                    + " [option.<Name>=<value>]…\""})
    List<String> engines;

    @Option(names = "--variant", defaultValue = "russian", converter = VariantConverter.class,
            description = "russian, brazilian, international, english or hexagonal (default: ${DEFAULT-VALUE})")
    Rules rules;

    @Option(names = "--games", defaultValue = "2", description = "number of games (default: ${DEFAULT-VALUE})")
    int games;

    @Option(names = "--tc", paramLabel = "BASE+INC", description = "clock per game in seconds, e.g. 10+0.1")
    String tc;

    @Option(names = "--movetime", paramLabel = "MS", converter = Durations.Millis.class,
            description = "fixed time per move in milliseconds (or with a unit: 500ms, 0.5s)")
    Long movetime;

    @Option(names = "--depth", description = "fixed search depth")
    Integer depth;

    @Option(names = "--nodes", description = "fixed node count per move")
    Long nodes;

    @Option(names = "--openings", paramLabel = "FILE",
            description = "one position string or move list per line, or a PDN file of games (default: the variant's built-in set)")
    Path openings;

    @Option(names = "--concurrency", defaultValue = "1", description = "games played at once (default: ${DEFAULT-VALUE})")
    int concurrency;

    @Option(names = "--pdn", paramLabel = "FILE", description = "write the games to this PDN file")
    Path pdn;

    @Option(names = "--json", paramLabel = "FILE", description = "write the final result as JSON to this file")
    Path json;

    @Option(names = "--sprt", arity = "1..4", paramLabel = "K=V",
            description = "elo0=<a> elo1=<b> [alpha=<x>] [beta=<y>] (alpha, beta default 0.05): stop when the test decides")
    List<String> sprt;

    @Option(names = "--adjudicate", arity = "1..2", paramLabel = "RULE",
            description = "draw=<plies>,<cp> and/or win=<cp>,<plies>: end games from the engines' scores")
    List<String> adjudicate;

    @Option(names = "--seed", description = "shuffle the order of the openings with this seed (default: the set's order)")
    Long seed;

    @Option(names = "--time-margin", defaultValue = "100", paramLabel = "MS", converter = Durations.Millis.class,
            description = "clock tolerance before a time forfeit, in ms (or 0.1s; default: ${DEFAULT-VALUE} ms)")
    long marginMs;

    @Option(names = "--timeout", defaultValue = "60", paramLabel = "SECONDS", converter = Durations.Seconds.class,
            description = "longest wait for an answer when no clock applies; longer is a hang. Seconds (or 500ms; default: ${DEFAULT-VALUE} s)")
    long timeoutMs;

    @Option(names = "--startup-timeout", defaultValue = "30", paramLabel = "SECONDS", converter = Durations.Seconds.class,
            description = "longest wait for an engine to start and answer its handshake. Seconds (or 500ms; default: ${DEFAULT-VALUE} s)")
    long startTimeoutMs;

    @Option(names = "--log", paramLabel = "FILE", description = "log every protocol line to this file")
    Path logFile;

    private final PrintStream out;
    private final PrintStream err;

    MatchCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() throws Exception {
        Match.Config config;
        try {
            config = config();
        } catch (IllegalArgumentException e) {
            err.println("match: " + e.getMessage());
            return 2;
        } catch (IOException e) { // the --log file, checked just before, could not be opened after all
            err.println("match: cannot write --log " + logFile + ": " + FileErrors.describe(logFile, e));
            return 2;
        }
        if ((depth != null || nodes != null) && games > 2 * config.openings().size()) {
            // A fixed depth or node count makes a single-threaded engine deterministic.
            err.println("match: warning: " + games + " games from " + config.openings().size() + " openings at a fixed "
                    + (depth != null ? "depth" : "node count") + ": games after the first " + 2 * config.openings().size()
                    + " repeat earlier ones move for move; give more openings (--openings) or a clock (--movetime, --tc)");
        }
        Match match = new Match(config, seed, err, Match.CLIENTS);
        Thread hook = new Thread(() -> {
            match.interrupt();
            err.println("Interrupted; stopping the engines.");
            Match.Result sofar = match.result();
            out.print(MatchReport.summary(sofar, config));
            out.flush();
            writeJson(sofar, config);
        }, "damka-match-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        Match.Result result;
        try {
            result = match.run();
        } finally {
            config.log().close();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            return 1; // shutting down already: the hook prints
        }
        out.print(MatchReport.summary(result, config));
        out.flush();
        boolean written = writeJson(result, config);
        if (config.log().failed()) {
            err.println("match: cannot write --log " + logFile + ": a write failed (is the disk full?); the log is incomplete");
            written = false;
        }
        if (match.pdnError() != null) {
            err.println("match: the --pdn file " + pdn + " is incomplete: " + match.pdnError());
            written = false;
        }
        if (result.error() != null) {
            err.println("match: " + result.error());
            return 1;
        }
        return written ? 0 : 1;
    }

    /** Writes the --json file, if any; false (and a line on stderr) when it cannot. */
    private boolean writeJson(Match.Result result, Match.Config config) {
        if (json == null) return true;
        try {
            Files.writeString(json, MatchReport.json(result, config), StandardCharsets.UTF_8);
            return true;
        } catch (IOException e) {
            err.println("match: cannot write --json " + json + ": " + FileErrors.describe(json, e));
            return false;
        }
    }

    private Match.Config config() throws IOException {
        if (engines.size() != 2) throw new IllegalArgumentException("give --engine exactly twice (got " + engines.size() + ")");
        List<EngineSpec> specs = new ArrayList<>();
        for (String e : engines) {
            specs.add(EngineSpec.parse(e));
        }
        int limits = (tc != null ? 1 : 0) + (movetime != null ? 1 : 0) + (depth != null ? 1 : 0) + (nodes != null ? 1 : 0);
        if (limits > 1) throw new IllegalArgumentException("give only one of --tc, --movetime, --depth, --nodes");
        TimeControl limit = tc != null ? TimeControl.parseClock(tc)
                : movetime != null ? TimeControl.moveTime(movetime)
                : depth != null ? TimeControl.depth(depth)
                : nodes != null ? TimeControl.nodes(nodes) : null;
        List<Opening> set = openings != null ? Openings.fromFile(rules, openings) : Openings.builtIn(rules);
        Sprt test = sprt == null ? null : Sprt.parse(String.join(" ", sprt));
        Adjudication adj = adjudicate == null ? Adjudication.NONE : Adjudication.parse(String.join(" ", adjudicate));
        if (marginMs < 0) throw new IllegalArgumentException("--time-margin must not be negative");
        if (timeoutMs < 1 || startTimeoutMs < 1) throw new IllegalArgumentException("--timeout and --startup-timeout must be positive");
        // Output files are checked now, not after hours of games.
        Map<String, Path> files = new LinkedHashMap<>();
        files.put("--openings", openings);
        files.put("--pdn", pdn);
        files.put("--json", json);
        files.put("--log", logFile);
        FileErrors.checkDistinct(files);
        // Every value is checked before a file is touched: a typo must not empty last night's log.
        Match.Config config = Match.Config.builder(rules, specs, set).games(games).concurrency(concurrency).limit(limit)
                .sprt(test).adjudication(adj).timeMarginMs(marginMs).answerTimeoutMs(timeoutMs)
                .startupTimeoutMs(startTimeoutMs).pdn(pdn).build();
        if (pdn != null) FileErrors.checkWritable(pdn, "--pdn");
        if (json != null) FileErrors.checkWritable(json, "--json");
        if (logFile != null) FileErrors.checkWritable(logFile, "--log");
        return logFile != null ? config.withLog(new MatchLog(logFile)) : config;
    }
}
