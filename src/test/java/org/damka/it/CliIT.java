package org.damka.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The packaged jar as a user runs it: {@code --version} of every subcommand prints the version
 * from the jar's manifest; a bad position and a port in use get one line and an exit code, no
 * stack trace.
 */
@Timeout(120)
class CliIT {
    private record Run(int code, String out, String err) { }

    private static Run run(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(JarProcess.javaBinary(), "-jar", JarProcess.jar().toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).start();
        p.getOutputStream().close();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), String.join(" ", args));
        return new Run(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip(),
                new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip());
    }

    /** A perft written to a full disk ended with success and an empty file: System.out keeps its errors. */
    @Test
    void outputThatCannotBeWrittenIsAFailure() throws Exception {
        java.io.File full = new java.io.File("/dev/full");
        org.junit.jupiter.api.Assumptions.assumeTrue(full.canWrite(), "no /dev/full here");
        List<String> cmd = List.of(JarProcess.javaBinary(), "-jar", JarProcess.jar().toString(), "perft", "--depth", "4");
        Process p = new ProcessBuilder(cmd).redirectOutput(full).start();
        p.getOutputStream().close();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(1, p.exitValue());
        assertEquals("damka: cannot write the output (a full disk, or nobody reading it)",
                new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip());
    }

    /**
     * Started with its input closed, the engine read the JVM's class library (which took file 0)
     * as commands: a million lines of errors in 30 s. It is an input that has ended.
     */
    @Test
    void aClosedInputIsAnInputThatHasEnded() throws Exception {
        for (String protocol : List.of("", "hub")) {
            Process p = new ProcessBuilder("sh", "-c", "exec \"$0\" -jar \"$1\" $2 <&-", JarProcess.javaBinary(), JarProcess.jar().toString(), protocol)
                    .redirectErrorStream(true).start();
            try {
                String out = new String(p.getInputStream().readNBytes(4096), StandardCharsets.UTF_8);
                assertTrue(p.waitFor(30, TimeUnit.SECONDS), "still running with its input closed: " + out);
                assertEquals(0, p.exitValue(), out);
                assertEquals("", out, "damka " + protocol);
            } finally {
                p.destroyForcibly();
            }
        }
    }

    @Test
    void everySubcommandPrintsTheVersion() throws Exception {
        String version = run("--version").out();
        assertTrue(version.matches("damka \\d+\\.\\d+.*"), version);
        for (String command : List.of("perft", "hub", "dxp", "match", "bench")) {
            Run r = run(command, "--version");
            assertEquals(0, r.code(), command);
            assertEquals(version, r.out(), command + " --version");
        }
    }

    @Test
    void badPositionAndPortInUseAreOneLine() throws Exception {
        Run perft = run("perft", "--fen", "garbage", "--depth", "2");
        assertEquals(2, perft.code());
        assertEquals("perft: bad --fen for russian: position string 'garbage' must have the form <side>:W…:B…, found 1 parts", perft.err());
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Run dxp = run("dxp", "--listen", "127.0.0.1:" + taken.getLocalPort());
            assertEquals(1, dxp.code());
            assertEquals("dxp: cannot listen on 127.0.0.1:" + taken.getLocalPort() + ": Address already in use", dxp.err());
            assertFalse(dxp.err().contains("Exception"));
        }
    }
}
