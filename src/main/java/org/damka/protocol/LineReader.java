package org.damka.protocol;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Splits the input into lines at {@code \n}, {@code \r\n} or a lone {@code \r} (old Mac line
 * ends), so no two commands are read as one and a line ending in {@code \r} is answered without
 * waiting for more. A line longer than {@link #MAX_LINE_BYTES} is not kept: its bytes are skipped
 * up to the next line end and it is returned marked too long. Bytes are decoded as UTF-8 with
 * replacement, so binary garbage becomes ordinary (unknown) text. A last line without a line end
 * still counts. A UTF-8 byte-order mark before the first line is dropped (Windows tools write one
 * before a script's {@code uci}).
 */
public final class LineReader {
    /** Long enough for a position with a few thousand moves; a longer line is refused. */
    public static final int MAX_LINE_BYTES = 1 << 18;

    /**
     * One input line: its text (null when too long), its length in bytes, and its start: the text
     * itself, or for a too long line its first {@value #HEAD_BYTES} bytes (as ASCII), so that it
     * can still say what it was.
     */
    public record Line(String text, long bytes, String head) {
        public boolean tooLong() {
            return text == null;
        }
    }

    private static final int HEAD_BYTES = 64;

    private final InputStream in;
    private final byte[] buffer = new byte[8192];
    private int pos, end;
    private byte[] line = new byte[256];
    /** The last line ended at a {@code \r}: a {@code \n} right after it belongs to that end. */
    private boolean afterCarriageReturn;
    /** No line has been returned yet: a byte-order mark may still open the input. */
    private boolean first = true;

    public LineReader(InputStream in) {
        this.in = in;
    }

    /** A reader of the rest of an input whose first line was read already (the Hub hand-off): no mark is dropped. */
    public static LineReader continuing(InputStream rest) {
        LineReader r = new LineReader(rest);
        r.first = false;
        return r;
    }

    /** The next line, or null at the end of the input. */
    public Line next() throws IOException {
        int length = 0;
        long total = 0;
        boolean any = false;
        while (true) {
            if (pos == end) {
                end = in.read(buffer, 0, buffer.length);
                pos = 0;
                if (end <= 0) {
                    end = 0;
                    if (!any) return null;
                    return finish(length, total);
                }
            }
            byte b = buffer[pos++];
            if (afterCarriageReturn) {
                afterCarriageReturn = false;
                if (b == '\n') continue;
            }
            any = true;
            if (b == '\n') return finish(length, total);
            if (b == '\r') {
                afterCarriageReturn = true;
                return finish(length, total);
            }
            total++;
            if (total <= MAX_LINE_BYTES) {
                if (length == line.length) line = java.util.Arrays.copyOf(line, Math.min(2 * line.length, MAX_LINE_BYTES));
                line[length++] = b;
            }
        }
    }

    /** The input not read yet, buffered bytes first (to hand the stream to another protocol). */
    InputStream rest() {
        // A \n not read yet would reach the next reader as a blank line, which every protocol ignores.
        if (afterCarriageReturn && pos < end && buffer[pos] == '\n') pos++;
        afterCarriageReturn = false;
        byte[] pending = java.util.Arrays.copyOfRange(buffer, pos, end);
        pos = end;
        return new java.io.SequenceInputStream(new java.io.ByteArrayInputStream(pending), in);
    }

    private Line finish(int length, long total) {
        int start = 0;
        if (first) {
            first = false;
            if (length >= 3 && line[0] == (byte) 0xEF && line[1] == (byte) 0xBB && line[2] == (byte) 0xBF) start = 3;
        }
        if (total > MAX_LINE_BYTES) return new Line(null, total, new String(line, 0, Math.min(length, HEAD_BYTES), StandardCharsets.US_ASCII));
        String text = new String(line, start, length - start, StandardCharsets.UTF_8);
        return new Line(text, total, text);
    }
}
