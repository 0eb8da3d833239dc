package org.damka.board;

/** A position string or a move that cannot be read; the message says what and where. */
public final class FenException extends IllegalArgumentException {
    public FenException(String message) {
        super(message);
    }
}
