package org.damka.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

class LineReaderTest {
    /** Hands out one byte per read, to cross every buffer boundary. */
    private static InputStream trickle(byte[] bytes) {
        return new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(1, len));
            }
        };
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    @Test
    void splitsOnNewlineCarriageReturnOrBothAndKeepsALastUnterminatedLine() throws IOException {
        for (boolean slow : new boolean[] {false, true}) {
            byte[] in = bytes("uci\r\n\nisready\r\r\nucinewgame\rposition startpos\r\rgo\nlast");
            LineReader r = new LineReader(slow ? trickle(in) : new ByteArrayInputStream(in));
            assertEquals("uci", r.next().text());
            assertEquals("", r.next().text());
            assertEquals("isready", r.next().text());
            assertEquals("", r.next().text()); // the second \r ends an empty line; its \n belongs to it
            assertEquals("ucinewgame", r.next().text());
            assertEquals("position startpos", r.next().text());
            assertEquals("", r.next().text());
            assertEquals("go", r.next().text());
            assertEquals("last", r.next().text());
            assertNull(r.next());
        }
    }

    @Test
    void aLoneCarriageReturnEndsTheLineWithoutWaitingForMore() throws IOException {
        // An interactive client that ends "isready" with \r alone must get it at once, not when
        // its next line comes: the stream below fails if read past the \r.
        InputStream in = new ByteArrayInputStream(bytes("isready\r")) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                int n = super.read(b, off, len);
                if (n < 0) throw new AssertionError("read past the line end");
                return n;
            }
        };
        assertEquals("isready", new LineReader(in).next().text());
    }

    @Test
    void theRestHandedOnAfterACarriageReturnDoesNotStartWithItsNewline() throws IOException {
        LineReader r = new LineReader(new ByteArrayInputStream(bytes("hub\r\ninit\r\n")));
        assertEquals("hub", r.next().text());
        LineReader hub = new LineReader(r.rest());
        assertEquals("init", hub.next().text());
        assertNull(hub.next());
    }

    @Test
    void aLineOverTheLimitIsSkippedWholeAndReadingGoesOn() throws IOException {
        byte[] longLine = new byte[LineReader.MAX_LINE_BYTES + 10];
        Arrays.fill(longLine, (byte) 'a');
        byte[] exact = new byte[LineReader.MAX_LINE_BYTES];
        Arrays.fill(exact, (byte) 'b');
        byte[] in = new byte[longLine.length + 1 + exact.length + 1 + 2];
        System.arraycopy(longLine, 0, in, 0, longLine.length);
        in[longLine.length] = '\n';
        System.arraycopy(exact, 0, in, longLine.length + 1, exact.length);
        in[longLine.length + 1 + exact.length] = '\n';
        in[in.length - 2] = 'd';
        in[in.length - 1] = '\n';
        LineReader r = new LineReader(new ByteArrayInputStream(in));
        LineReader.Line first = r.next();
        assertTrue(first.tooLong());
        assertEquals(longLine.length, first.bytes());
        LineReader.Line second = r.next();
        assertFalse(second.tooLong());
        assertEquals(LineReader.MAX_LINE_BYTES, second.text().length());
        assertEquals("d", r.next().text());
        assertNull(r.next());
    }

    @Test
    void badUtf8BecomesReplacementCharacters() throws IOException {
        LineReader r = new LineReader(new ByteArrayInputStream(new byte[] {'g', 'o', (byte) 0xff, (byte) 0xc3, '\n'}));
        String s = r.next().text();
        assertEquals(4, s.length());
        assertEquals("go\ufffd\ufffd", s);
    }

    @Test
    void aByteOrderMarkOpeningTheInputIsDroppedAndOnlyThere() throws IOException {
        for (boolean slow : new boolean[] {false, true}) {
            byte[] in = bytes("\u00ef\u00bb\u00bfuci\r\n\u00ef\u00bb\u00bfisready\n");
            LineReader r = new LineReader(slow ? trickle(in) : new ByteArrayInputStream(in));
            assertEquals("uci", r.next().text());
            assertEquals("\ufeffisready", r.next().text()); // inside the input it is a character like any other
            assertNull(r.next());
        }
        // the rest of an input handed on (to the Hub loop) does not start the input
        assertEquals("\ufeffquit", LineReader.continuing(new ByteArrayInputStream(bytes("\u00ef\u00bb\u00bfquit\n"))).next().text());
    }
}
