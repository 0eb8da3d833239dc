package org.damka.match;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import org.damka.rules.Rules;

/**
 * What every engine client that runs a child process shares, whatever protocol it speaks: the
 * spec, the log tag, the variant and the deadlines it was made with, its {@link EngineProcess},
 * the name the engine gave itself, the error reports it sent, and the process's life and death.
 */
abstract class ProcessEngineClient implements EngineClient {
    /** How long a late engine gets to answer {@code stop} before it is killed. */
    protected static final long STOP_GRACE_MS = 1000;

    protected final EngineSpec spec;
    protected final String label;
    protected final Rules rules;
    protected final long startTimeoutMs;
    protected final long readyTimeoutMs;
    protected final MatchLog log;
    protected EngineProcess process;
    /** The name the engine announced in its handshake, or null. */
    protected String idName;
    /** The engine's error reports since the handshake or the last new game (the first few). */
    private final List<String> errors = new ArrayList<>();
    private int errorCount;
    private static final int ERRORS_KEPT = 3;
    /** The longest engine name and error report shown (an engine's text reaches the terminal). */
    static final int MAX_NAME = 60, MAX_REPORT = 200;

    /**
     * @param label          a short tag for the log (the spec's name and a worker number)
     * @param startTimeoutMs the deadline for the handshake
     * @param readyTimeoutMs the deadline for the engine to be ready before a game
     */
    protected ProcessEngineClient(EngineSpec spec, String label, Rules rules, long startTimeoutMs,
                                  long readyTimeoutMs, MatchLog log) {
        this.spec = spec;
        this.label = label;
        this.rules = rules;
        this.startTimeoutMs = startTimeoutMs;
        this.readyTimeoutMs = readyTimeoutMs;
        this.log = log;
    }

    /** The spec's name, else the engine's own, else the last word of its command. */
    @Override
    public String name() {
        if (spec.name() != null) return spec.name();
        if (idName != null) return Referee.printable(idName, MAX_NAME);
        return spec.command().get(spec.command().size() - 1);
    }

    /**
     * Starts the process and runs the protocol's {@link #handshake}; error reports during it, a
     * failed or a late handshake close the process and fail the start.
     */
    @Override
    public final void start() throws EngineException, InterruptedException {
        process = new EngineProcess(label, spec.command(), spec.dir(), log);
        try {
            handshake(deadlineAfter(startTimeoutMs));
            if (!errors().isEmpty()) {
                throw new EngineException(EngineException.Kind.START_FAILED, "the engine refused its settings: " + String.join("; ", errors()));
            }
        } catch (EngineException e) {
            close();
            String why = e.kind() != EngineException.Kind.TIMED_OUT ? e.getMessage()
                    : "no end to it (" + handshakeReplies() + ") within " + startTimeoutMs + " ms (--startup-timeout)";
            throw new EngineException(EngineException.Kind.START_FAILED, "handshake failed: " + why);
        }
    }

    /** The protocol's handshake, up to the engine's readiness, all by {@code deadline}. */
    protected abstract void handshake(long deadline) throws EngineException, InterruptedException;

    /** The requests and answers of the handshake, for a message that it did not end in time. */
    protected abstract String handshakeReplies();

    /** Tells the engine a new game starts and waits for its {@link #isReady} answer; an unresponsive engine is closed. */
    @Override
    public final void newGame() throws EngineException, InterruptedException {
        forgetErrors();
        try {
            sendNewGame();
            skipUntil(deadlineAfter(readyTimeoutMs), this::isReady);
        } catch (EngineException e) {
            close(); // the next game gets a fresh process
            throw e;
        }
    }

    /** Sends the protocol's new-game line and its ping ({@code isready}, {@code ping}). */
    protected abstract void sendNewGame() throws EngineException;

    /** Whether a line answers the ping ({@code readyok}, {@code pong}). */
    protected abstract boolean isReady(String line);

    /** Whether a line is the final answer to a search ({@code bestmove}, {@code done}). */
    protected abstract boolean endsSearch(String line);

    /** Reads (and keeps the error reports of) lines until one is {@code wanted}. */
    protected final void skipUntil(long deadline, Predicate<String> wanted) throws EngineException, InterruptedException {
        while (!wanted.test(readLine(deadline))) {
            // the skipped lines are in the protocol log
        }
    }

    /** The engine's next line; an error report in it is kept for {@link #errors()}. */
    protected final String readLine(long deadline) throws EngineException, InterruptedException {
        String line = process.readLine(deadline);
        String error = errorIn(line);
        if (error != null && errorCount++ < ERRORS_KEPT) errors.add(Referee.printable(error, MAX_REPORT));
        return line;
    }

    /** The text of an error report in the protocol ("error ..."), or null for any other line. */
    protected abstract String errorIn(String line);

    @Override
    public List<String> errors() {
        List<String> all = new ArrayList<>(errors);
        if (errorCount > errors.size()) all.add("and " + (errorCount - errors.size()) + " more");
        return all;
    }

    /** A new game (or the end of the handshake): earlier error reports are no longer news. */
    protected final void forgetErrors() {
        errors.clear();
        errorCount = 0;
    }

    /** Milliseconds from startNanos to the arrival of the line last read (see {@link EngineProcess#lastArrivalNanos}). */
    protected final long msToLastArrival(long startNanos) {
        return Math.max(0, (process.lastArrivalNanos() - startNanos) / 1_000_000);
    }

    /** A deadline {@code ms} from now; a huge {@code ms} (a timeout of 1e10 s) means about a century, not an overflow. */
    protected static long deadlineAfter(long ms) {
        return System.nanoTime() + Math.min(ms, MAX_WAIT_MS) * 1_000_000;
    }

    private static final long MAX_WAIT_MS = 3_000_000_000_000L;

    /**
     * Tells the engine to stop a search that ran past its deadline and waits briefly for its
     * answer, so a stale reply is never taken for the next one; an engine that does not answer is
     * closed.
     */
    private void abandonSearch() throws InterruptedException {
        try {
            process.send("stop");
            skipUntil(deadlineAfter(STOP_GRACE_MS), this::endsSearch);
        } catch (EngineException e) {
            close();
        }
    }

    /**
     * The engine's next line while it searches. Past the deadline the search is abandoned and
     * the time-out reported as "no {@code awaited} after N ms", N counted from {@code startNanos}.
     */
    protected final String readSearchLine(long deadline, long startNanos, String awaited)
            throws EngineException, InterruptedException {
        try {
            return readLine(deadline);
        } catch (EngineException e) {
            if (e.kind() != EngineException.Kind.TIMED_OUT) throw e;
            long elapsed = (System.nanoTime() - startNanos) / 1_000_000;
            abandonSearch();
            throw new EngineException(EngineException.Kind.TIMED_OUT, "no " + awaited + " after " + elapsed + " ms", elapsed);
        }
    }

    @Override
    public boolean alive() {
        return process != null && process.alive();
    }

    @Override
    public void close() {
        if (process != null) process.close();
    }
}
