package org.damka.match;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.rules.Rules;

/**
 * A match between two engines: {@code games} games, {@code concurrency} at a time, each worker
 * thread with its own pair of engine processes, restarted when one has died. Game g (0-based)
 * plays opening g/2 of the set (cycling), the first engine White in even games. After each game
 * the tally, the PDN file and the progress line on stderr are updated, and the SPRT, if any, may
 * end the match: the tally then stays as the test saw it, and games still running when it
 * decided are finished but neither counted nor written.
 *
 * <p>An engine that cannot be started loses the game it was started for; if it has never started,
 * or fails three times running, the match stops with that error.
 */
public final class Match {
    /** Games at once: far above what a machine runs well (each game is two engine processes). */
    public static final int MAX_CONCURRENCY = 64;

    /**
     * Built with {@link #builder}, which names each setting.
     *
     * @param limit      the time control for engines whose spec has none
     * @param sprt       null for no SPRT
     * @param marginMs   clock tolerance (see {@link Referee})
     * @param timeoutMs  the longest wait for an answer when no clock applies
     * @param startTimeoutMs the longest wait for an engine to start (handshake and first readyok)
     * @param pdn        null for no PDN file
     */
    public record Config(Rules rules, List<EngineSpec> engines, int games, TimeControl limit, List<Opening> openings,
                         int concurrency, Sprt sprt, Adjudication adjudication, long marginMs, long timeoutMs,
                         long startTimeoutMs, Path pdn, MatchLog log) {
        /**
         * A match of these engines over these openings; until set otherwise: 2 games, one at a
         * time, no time control of its own, no SPRT, no adjudication, a 100 ms clock margin, 60 s
         * for an answer, 30 s to start, no PDN and no protocol log (the command line's defaults).
         */
        public static Builder builder(Rules rules, List<EngineSpec> engines, List<Opening> openings) {
            return new Builder(rules, engines, openings);
        }

        /** The same settings writing the protocol log to {@code log}. */
        public Config withLog(MatchLog log) {
            return new Config(rules, engines, games, limit, openings, concurrency, sprt, adjudication, marginMs, timeoutMs,
                    startTimeoutMs, pdn, log);
        }

        public Config {
            engines = List.copyOf(engines);
            openings = List.copyOf(openings);
            if (engines.size() != 2) throw new IllegalArgumentException("a match needs exactly two engines");
            if (games < 1) throw new IllegalArgumentException("games must be at least 1");
            if (concurrency < 1 || concurrency > MAX_CONCURRENCY) {
                throw new IllegalArgumentException("concurrency must be 1.." + MAX_CONCURRENCY);
            }
            if (openings.isEmpty()) throw new IllegalArgumentException("no openings");
            for (EngineSpec e : engines) {
                if (e.limit() == null && limit == null) {
                    throw new IllegalArgumentException("no time control: give --tc, --movetime, --depth or --nodes (or tc=/depth=/… per engine)");
                }
            }
        }

        TimeControl limitOf(int engine) {
            EngineSpec e = engines.get(engine);
            return e.limit() != null ? e.limit() : limit;
        }

        /** Names each setting of a {@link Config}; {@link #build} checks them together. */
        public static final class Builder {
            private final Rules rules;
            private final List<EngineSpec> engines;
            private final List<Opening> openings;
            private int games = 2;
            private int concurrency = 1;
            private TimeControl limit;
            private Sprt sprt;
            private Adjudication adjudication = Adjudication.NONE;
            private long marginMs = 100;
            private long timeoutMs = 60_000;
            private long startTimeoutMs = 30_000;
            private Path pdn;

            private Builder(Rules rules, List<EngineSpec> engines, List<Opening> openings) {
                this.rules = rules;
                this.engines = engines;
                this.openings = openings;
            }

            public Builder games(int games) { this.games = games; return this; }

            public Builder concurrency(int concurrency) { this.concurrency = concurrency; return this; }

            /** The time control of engines whose spec has none. */
            public Builder limit(TimeControl limit) { this.limit = limit; return this; }

            public Builder sprt(Sprt sprt) { this.sprt = sprt; return this; }

            public Builder adjudication(Adjudication adjudication) { this.adjudication = adjudication; return this; }

            /** Clock tolerance before a time forfeit (see {@link Referee}). */
            public Builder timeMarginMs(long ms) { this.marginMs = ms; return this; }

            /** The longest wait for an answer when no clock applies. */
            public Builder answerTimeoutMs(long ms) { this.timeoutMs = ms; return this; }

            /** The longest wait for an engine to start (handshake and first readyok). */
            public Builder startupTimeoutMs(long ms) { this.startTimeoutMs = ms; return this; }

            public Builder pdn(Path pdn) { this.pdn = pdn; return this; }

            public Config build() {
                return new Config(rules, engines, games, limit, openings, concurrency, sprt, adjudication, marginMs, timeoutMs,
                        startTimeoutMs, pdn, MatchLog.NONE);
            }
        }
    }

    /** Creates the client for an engine spec (the protocol's implementation). */
    public interface ClientFactory {
        EngineClient create(EngineSpec spec, String label, Config config);
    }

    /** The default factory: by the spec's {@code proto}. */
    public static final ClientFactory CLIENTS = (spec, label, c) -> {
        return switch (spec.proto()) {
            case "uci" -> new UciClient(spec, label, c.rules(), c.startTimeoutMs(), c.timeoutMs(), c.log());
            case "hub" -> new HubEngineClient(spec, label, c.rules(), c.startTimeoutMs(), c.timeoutMs(), c.log());
            default -> throw new IllegalArgumentException("engine protocol '" + spec.proto() + "' is not supported (uci or hub)");
        };
    };

    /** The outcome: every game in order, the tally and why the match stopped early (null if it did not). */
    public record Result(List<GameRecord> games, MatchScore score, String[] names, String stopReason, String error) { }

    private static final int MAX_START_FAILURES = 3;

    private final Config config;
    private final PrintStream err;
    private final ClientFactory factory;
    private final Referee referee;
    private final int[] openingOrder;
    private final AtomicInteger next = new AtomicInteger();
    private final MatchScore score = new MatchScore();
    private final List<GameRecord> games = new ArrayList<>();
    private final String[] names = new String[2];
    private final int[] startFailures = new int[2];
    private final boolean[] everStarted = new boolean[2];
    private final String date = LocalDate.now().format(DateTimeFormatter.ofPattern("yyyy.MM.dd"));
    /** The PDN file, written a whole game at a time; null when there is none, or once a write failed. */
    private FileChannel pdnOut;
    private volatile String pdnError;
    private volatile String stopReason;
    private volatile String error;
    private volatile boolean interrupted;
    private boolean decided;

    /** @param seed shuffles the order of the openings; null keeps the set's order */
    public Match(Config config, Long seed, PrintStream err, ClientFactory factory) {
        this.config = config;
        this.err = err;
        this.factory = factory;
        this.referee = new Referee(config.rules(), config.adjudication(), config.marginMs(), config.timeoutMs());
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < config.openings().size(); i++) order.add(i);
        if (seed != null) Collections.shuffle(order, new Random(seed));
        openingOrder = order.stream().mapToInt(Integer::intValue).toArray();
        for (int e = 0; e < 2; e++) names[e] = config.engines().get(e).name();
        if (names[0] != null && names[0].equals(names[1])) names[1] = names[1] + " (2)";
    }

    public Result run() throws IOException, InterruptedException {
        if (config.pdn() != null) {
            pdnOut = FileChannel.open(config.pdn(), StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        }
        ExecutorService pool = Executors.newFixedThreadPool(config.concurrency(), r -> {
            Thread t = new Thread(r, "match-worker");
            t.setDaemon(true);
            return t;
        });
        try {
            for (int w = 0; w < config.concurrency(); w++) {
                int worker = w + 1;
                pool.submit(() -> work(worker));
            }
            pool.shutdown();
            while (!pool.awaitTermination(1, TimeUnit.HOURS)) {
                // keep waiting: games have their own deadlines
            }
        } catch (InterruptedException e) {
            interrupt();
            pool.shutdownNow();
            throw e;
        } finally {
            closePdn();
        }
        return result();
    }

    /** Stops the match at once (Ctrl-C): games in progress are not counted. */
    public void interrupt() {
        interrupted = true;
        if (stopReason == null) stopReason = "interrupted";
    }

    public synchronized Result result() {
        List<GameRecord> sorted = new ArrayList<>(games);
        sorted.sort((a, b) -> Integer.compare(a.round(), b.round()));
        return new Result(sorted, score.copy(), new String[] {displayName(0), displayName(1)}, stopReason, error);
    }

    private void work(int worker) {
        EngineClient[] clients = new EngineClient[2];
        try {
            while (stopReason == null) {
                int g = next.getAndIncrement();
                if (g >= config.games()) break;
                GameRecord record = playOne(worker, g, clients);
                if (record != null) finish(record);
            }
        } catch (InterruptedException e) {
            interrupt();
        } catch (RuntimeException e) {
            abort("internal error: " + e);
            e.printStackTrace(err);
        } finally {
            for (EngineClient c : clients) if (c != null) c.close();
        }
    }

    private GameRecord playOne(int worker, int g, EngineClient[] clients) throws InterruptedException {
        int openingIndex = openingOrder[(g / 2) % openingOrder.length];
        Opening opening = config.openings().get(openingIndex);
        boolean firstWhite = g % 2 == 0;
        int failed = -1;
        String failure = null;
        for (int e = 0; e < 2 && failed < 0; e++) {
            if (clients[e] != null && clients[e].alive()) continue;
            if (clients[e] != null) {
                clients[e].close();
                err.println("Restarting " + displayName(e) + " (worker " + worker + ")");
            }
            EngineSpec spec = config.engines().get(e);
            String label = (spec.name() != null ? spec.name() : "engine" + (e + 1)) + "#" + worker;
            clients[e] = factory.create(spec, label, config);
            try {
                clients[e].start();
                started(e, clients[e]);
            } catch (EngineException ex) {
                clients[e].close();
                clients[e] = null;
                if (startFailed(e, ex.getMessage())) return null;
                failed = e;
                failure = ex.getMessage();
            }
        }
        Referee.Players players = firstWhite
                ? new Referee.Players(clients[0], clients[1], displayName(0), displayName(1), config.limitOf(0), config.limitOf(1), true)
                : new Referee.Players(clients[1], clients[0], displayName(1), displayName(0), config.limitOf(1), config.limitOf(0), false);
        if (failed >= 0) {
            int side = (failed == 0) == firstWhite ? Position.WHITE : Position.BLACK;
            return referee.forfeit(g + 1, openingIndex, opening, players, side, "could not be started: " + failure);
        }
        return referee.play(g + 1, openingIndex, opening, players);
    }

    private synchronized void started(int engine, EngineClient client) {
        startFailures[engine] = 0;
        everStarted[engine] = true;
        if (names[engine] == null) {
            String n = client.name();
            names[engine] = engine == 1 && n.equals(names[0]) ? n + " (2)" : n;
        }
    }

    /** Records a start failure; true when the match must stop because of it. */
    private synchronized boolean startFailed(int engine, String message) {
        startFailures[engine]++;
        if (!everStarted[engine] || startFailures[engine] >= MAX_START_FAILURES) {
            abort("engine " + (engine + 1) + " (" + String.join(" ", config.engines().get(engine).command()) + "): " + message);
            return true;
        }
        err.println("Engine " + displayName(engine) + " could not be restarted: " + message);
        return false;
    }

    private synchronized void abort(String why) {
        if (error == null) error = why;
        if (stopReason == null) stopReason = "error: " + why;
    }

    private synchronized String displayName(int engine) {
        return names[engine] != null ? names[engine] : "engine" + (engine + 1);
    }

    private synchronized void finish(GameRecord record) {
        if (interrupted || error != null || decided) return;
        games.add(record);
        score.add(record);
        writePdn(record);
        if (record.termination() != Termination.RULES) {
            err.println("Game " + record.round() + " (" + record.white() + " vs " + record.black() + "): "
                    + record.result().outcome().score() + " " + record.result().reason());
        }
        err.println(MatchReport.progress(score, config.sprt(), new String[] {displayName(0), displayName(1)}, config.games()));
        if (config.sprt() != null && stopReason == null) {
            Sprt.Decision d = score.sprtDecision(config.sprt());
            if (d != Sprt.Decision.CONTINUE) {
                decided = true;
                stopReason = (d == Sprt.Decision.ACCEPT_H1 ? "SPRT accepted H1 (elo1=" + MatchReport.plain(config.sprt().elo1())
                        : "SPRT accepted H0 (elo0=" + MatchReport.plain(config.sprt().elo0())) + ") after " + score.games() + " games";
            }
        }
    }

    /**
     * Appends one game. A write that fails (a full disk) cuts the file back to the games before,
     * so it never ends inside a record, and ends the PDN: said once, and at the end.
     */
    private synchronized void writePdn(GameRecord record) {
        if (pdnOut == null) return;
        long before = -1;
        try {
            before = pdnOut.position();
            ByteBuffer bytes = ByteBuffer.wrap(toPdn(record, config.rules(), date).getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) pdnOut.write(bytes);
        } catch (IOException e) {
            err.println("cannot write the PDN file: " + e.getMessage() + "; no more games are written to it");
            pdnError = e.getMessage();
            try {
                if (before >= 0) pdnOut.truncate(before);
            } catch (IOException ignored) {
                // the record may stay cut; the message above says the file is incomplete
            }
            closePdn();
        }
    }

    private synchronized void closePdn() {
        if (pdnOut == null) return;
        try {
            pdnOut.close();
        } catch (IOException e) {
            if (pdnError == null) pdnError = e.getMessage();
        }
        pdnOut = null;
    }

    /** Why the PDN file could not be written (its games are incomplete), or null. */
    public String pdnError() {
        return pdnError;
    }

    /** The PDN text of one match game. */
    public static String toPdn(GameRecord g, Rules rules, String date) {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("Event", "damka match");
        tags.put("Site", "?");
        tags.put("Date", date);
        tags.put("Round", Integer.toString(g.round()));
        tags.put("White", g.white());
        tags.put("Black", g.black());
        tags.put("Result", g.result().outcome().score());
        Pdn.putGameTags(tags, rules, g.startFen());
        tags.put("Termination", pgnTermination(g.termination()));
        int startSide = Fen.parse(rules, g.startFen() == null ? rules.startFen() : g.startFen()).sideToMove();
        return Pdn.format(tags, g.moves(), rules.firstSide(), startSide, g.result().reason(), g.result().outcome().score());
    }

    /** The standard PGN Termination tag values. */
    static String pgnTermination(Termination t) {
        return switch (t) {
            case RULES -> "normal";
            case ADJUDICATION -> "adjudication";
            case ILLEGAL_MOVE -> "rules infraction";
            case TIME_FORFEIT -> "time forfeit";
            case CRASH, HANG -> "abandoned";
        };
    }
}
