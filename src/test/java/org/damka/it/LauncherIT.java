package org.damka.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11, point 7: the launcher {@code target/bin/damka} that the build makes, started the way
 * pydraughts starts a Hub engine ({@code HubEngine([path, "hub"])}: a shell runs the path, with the
 * caller's working directory) and through a symbolic link, as a GUI or lidraughts-bot's engine
 * directory may hold it.
 */
@Timeout(60)
class LauncherIT {

    private static Path launcher() {
        Path p = JarProcess.jar().toAbsolutePath().getParent().resolve("bin").resolve("damka");
        assertTrue(Files.isRegularFile(p), "the build makes " + p);
        assertTrue(Files.isExecutable(p), p + " is executable");
        return p;
    }

    private record Run(int exit, String out, String err) { }

    private static Run run(List<String> command, Path dir, String input, String javaHome) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        if (javaHome != null) pb.environment().put("JAVA_HOME", javaHome);
        Process p = pb.start();
        p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the launcher's process ends");
        return new Run(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void hubFromAShellInAnotherDirectory(@TempDir Path elsewhere) throws Exception {
        String javaHome = System.getProperty("java.home");
        Run r = run(List.of("/bin/sh", "-c", "\"" + launcher() + "\" hub"), elsewhere, "hub\ninit\nquit\n", javaHome);
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.get(0).startsWith("id name=damka "), r.out());
        assertEquals("ready", lines.get(lines.size() - 1), r.out());
        assertEquals("", r.err(), "pydraughts merges stderr into the protocol: nothing may be written there");
    }

    @Test
    void throughASymbolicLink(@TempDir Path dir) throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("damka"), launcher());
        Run r = run(List.of(link.toString(), "--version"), dir, "", System.getProperty("java.home"));
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("damka "), r.out());
    }

    @Test
    void aMissingJavaIsSaidPlainly(@TempDir Path dir) throws IOException, Exception {
        Run r = run(List.of(launcher().toString(), "hub"), dir, "", dir.resolve("no-java").toString());
        assertEquals(127, r.exit(), r.err());
        assertTrue(r.err().startsWith("damka: cannot run"), r.err());
        assertEquals("", r.out());
    }
}
