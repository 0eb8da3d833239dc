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
    /** The jar with these arguments, run to its end; its output stripped. */
    private static JarProcess.Finished run(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(JarProcess.javaBinary(), "-jar", JarProcess.jar().toString()));
        cmd.addAll(List.of(args));
        JarProcess.Finished f = JarProcess.runToEnd(new ProcessBuilder(cmd), "");
        return new JarProcess.Finished(f.exit(), f.out().strip(), f.err().strip());
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

    /**
     * Under umask 777 a file damka makes cannot be written: match checked its --pdn by making it,
     * then failed with "internal error: AccessDeniedException" (and lost the --json result after
     * the whole match); train failed after its last epoch naming a temporary file. Both are
     * said up front now. Needs a user other than root (root writes anyway): run as nobody.
     */
    @Test
    void aUmaskThatTakesWritingAwayIsSaidUpFront(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        String asNobody = "setpriv --reuid=65534 --regid=65534 --clear-groups ";
        org.junit.jupiter.api.Assumptions.assumeTrue("root".equals(System.getProperty("user.name")) && new java.io.File("/usr/bin/setpriv").canExecute(),
                "needs root and setpriv");
        java.nio.file.Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        // A copy nobody can read, wherever the build is (a clone under /root is closed to others).
        java.nio.file.Path copy = java.nio.file.Files.copy(JarProcess.jar(), dir.resolve("damka.jar"));
        java.nio.file.Files.setPosixFilePermissions(copy, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        String jar = copy.toString();
        java.nio.file.Files.writeString(dir.resolve("sp.txt"), "W:Wa1:Bh8\t1-0\t0\n");
        String damka = JarProcess.javaBinary() + " -XX:-UsePerfData -jar " + jar;
        String[][] runs = {
            {"match --engine 'cmd=" + damka + " name=a' --engine 'cmd=" + damka + " name=b' --games 2 --movetime 50 --pdn m.pdn --json m.json",
                "match: cannot write --pdn m.pdn: a file made here cannot be written (is the umask 777?)"},
            {"train sp.txt --out w.weights", "train: cannot write --out w.weights: a file made here cannot be written (is the umask 777?)"}};
        for (String[] run : runs) {
            JarProcess.Finished f = JarProcess.runToEnd(new ProcessBuilder("sh", "-c", "cd \"$0\" && umask 777 && exec " + asNobody + damka + " " + run[0],
                    dir.toString()).redirectErrorStream(true), "");
            assertEquals(run[1], f.out().strip(), run[0]);
            assertEquals(2, f.exit(), run[0]);
        }
        assertEquals(List.of("damka.jar", "sp.txt"), java.nio.file.Files.list(dir).map(f -> f.getFileName().toString()).sorted().toList(),
                "nothing left behind");
    }

    @Test
    void everySubcommandPrintsTheVersion() throws Exception {
        String version = run("--version").out();
        assertTrue(version.matches("damka \\d+\\.\\d+.*"), version);
        for (String command : List.of("perft", "hub", "dxp", "match", "bench")) {
            JarProcess.Finished r = run(command, "--version");
            assertEquals(0, r.exit(), command);
            assertEquals(version, r.out(), command + " --version");
        }
    }

    @Test
    void badPositionAndPortInUseAreOneLine() throws Exception {
        JarProcess.Finished perft = run("perft", "--fen", "garbage", "--depth", "2");
        assertEquals(2, perft.exit());
        assertEquals("perft: bad --fen for russian: position string 'garbage' must have the form <side>:W<squares>:B<squares>, found 1 parts", perft.err());
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            JarProcess.Finished dxp = run("dxp", "--listen", "127.0.0.1:" + taken.getLocalPort());
            assertEquals(1, dxp.exit());
            assertEquals("dxp: cannot listen on 127.0.0.1:" + taken.getLocalPort() + ": Address already in use", dxp.err());
            assertFalse(dxp.err().contains("Exception"));
        }
    }
}
