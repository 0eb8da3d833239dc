package org.damka.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Whoever read the engine's output has gone while its input stays open (a GUI that died with
 * its pipe's write end leaked to another child, a {@code | head} or {@code | tee} that exited):
 * the engine searched on, printing to nobody, on most of a core, until the input closed, which
 * may be never. It now ends, as a C engine dies of SIGPIPE.
 */
class OutputGoneIT {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "uci | position startpos\\ngo infinite\\n",
            "hub | hub\\ninit\\npos start\\nlevel infinite\\ngo analyze\\n"})
    void theEngineEndsWhenNobodyReadsItsOutput(String protocol, String commands) throws Exception {
        Process p = new ProcessBuilder(List.of(JarProcess.javaBinary(), "-jar", JarProcess.jar().toString())).start();
        try {
            OutputStream in = p.getOutputStream();
            in.write(commands.replace("\\n", "\n").getBytes(StandardCharsets.US_ASCII));
            in.flush(); // and left open
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII));
            assertNotNull(out.readLine(), "the search's first line");
            out.close();
            assertTrue(p.waitFor(10, TimeUnit.SECONDS), protocol + ": the engine still runs 10 s after its reader left");
            // As quit: exit code 0, and nothing on stderr (pydraughts merges it into the Hub stream).
            assertEquals(0, p.exitValue(), protocol);
            assertEquals("", new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8), protocol);
        } finally {
            p.destroyForcibly();
        }
    }
}
