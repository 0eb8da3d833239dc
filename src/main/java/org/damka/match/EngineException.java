package org.damka.match;

/** An engine failed: it could not be started, it died, or it did not answer in time. */
public final class EngineException extends Exception {
    public enum Kind {
        /** The process could not be started or did not complete the handshake. */
        START_FAILED,
        /** The process exited or closed its output. */
        CRASHED,
        /** No answer before the deadline. */
        TIMED_OUT
    }

    private final Kind kind;
    private final long elapsedMs;

    public EngineException(Kind kind, String message) {
        this(kind, message, 0);
    }

    public EngineException(Kind kind, String message, long elapsedMs) {
        super(message);
        this.kind = kind;
        this.elapsedMs = elapsedMs;
    }

    public Kind kind() {
        return kind;
    }

    /** For TIMED_OUT during a search: how long the engine had been thinking. */
    public long elapsedMs() {
        return elapsedMs;
    }
}
