package org.damka.protocol;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;

import org.damka.system.Daemons;

/**
 * The one writer of protocol lines. Each call writes one whole line and flushes it, under a lock,
 * so lines from the reader thread and the search thread never interleave. Lines are plain
 * printable ASCII: any other character (control bytes echoed from bad input, non-ASCII text) is
 * written as {@code ?}, so nothing but protocol lines ever reaches the GUI. A write that fails
 * (the GUI has gone, or whoever read our output, though our input may stay open) is the end of
 * the session: the action given is run once, on a thread of its own (the writer may hold locks).
 */
public final class ProtocolOutput {
    private final OutputStream out;
    private final Runnable whenGone;
    private boolean broken;

    public ProtocolOutput(OutputStream out) {
        this(out, () -> { });
    }

    /** Lines to out; whenGone runs once when out can no longer be written. */
    public ProtocolOutput(OutputStream out, Runnable whenGone) {
        this.out = out;
        this.whenGone = whenGone;
    }

    /** Writes one line. A closed output (the GUI went away) is remembered, not thrown. */
    public synchronized void line(String text) {
        if (broken) return;
        byte[] bytes = new byte[text.length() + 1];
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            bytes[i] = (byte) (c >= 0x20 && c < 0x7f ? c : '?');
        }
        bytes[text.length()] = '\n';
        try {
            out.write(bytes);
            out.flush();
        } catch (IOException e) {
            gone();
            return;
        }
        // System.out is a PrintStream, which keeps its errors instead of throwing them.
        if (out instanceof PrintStream ps && ps.checkError()) gone();
    }

    private void gone() {
        broken = true;
        Daemons.startOrRunHere("damka-output-gone", whenGone);
    }

    /** {@code info string <text>}. */
    public void info(String text) {
        line("info string " + text);
    }

    /** {@code info string error <text>}, the text cut to a readable length. */
    public void error(String text) {
        String t = text == null ? "" : text;
        if (t.length() > 1000) t = t.substring(0, 1000) + "...";
        info("error " + t);
    }

    /** True once writing has failed (nobody reads our output any more). */
    public synchronized boolean broken() {
        return broken;
    }
}
