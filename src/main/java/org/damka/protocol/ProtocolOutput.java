package org.damka.protocol;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The one writer of protocol lines. Each call writes one whole line and flushes it, under a lock,
 * so lines from the reader thread and the search thread never interleave. Lines are plain
 * printable ASCII: any other character (control bytes echoed from bad input, non-ASCII text) is
 * written as {@code ?}, so nothing but protocol lines ever reaches the GUI.
 */
public final class ProtocolOutput {
    private final OutputStream out;
    private boolean broken;

    public ProtocolOutput(OutputStream out) {
        this.out = out;
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
            broken = true;
        }
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
