package org.damka.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class ProtocolOutputTest {
    @Test
    void writesWholePrintableAsciiLines() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ProtocolOutput out = new ProtocolOutput(bytes);
        out.line("readyok");
        out.error("unknown command 'a\u0000b\r\u00e9\u2028'");
        assertEquals("readyok\ninfo string error unknown command 'a?b???'\n", bytes.toString(StandardCharsets.US_ASCII));
    }

    @Test
    void longErrorsAreCut() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new ProtocolOutput(bytes).error("x".repeat(5000));
        String s = bytes.toString(StandardCharsets.US_ASCII);
        assertTrue(s.length() < 1100 && s.endsWith("...\n"), s.length() + "");
    }

    @Test
    void aClosedOutputIsRememberedNotThrown() {
        ProtocolOutput out = new ProtocolOutput(new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("closed");
            }
        });
        out.line("uciok");
        out.line("readyok");
        assertTrue(out.broken());
    }
}
