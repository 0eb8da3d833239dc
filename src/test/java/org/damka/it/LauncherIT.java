package org.damka.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

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

    private static JarProcess.Finished run(List<String> command, Path dir, String input, String javaHome) throws Exception {
        return run(command, dir, input, javaHome, java.util.Map.of());
    }

    /** As above with these variables set in the environment (an empty value: unset). */
    private static JarProcess.Finished run(List<String> command, Path dir, String input, String javaHome, java.util.Map<String, String> env)
            throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        if (javaHome != null) pb.environment().put("JAVA_HOME", javaHome);
        env.forEach((k, v) -> {
            if (v.isEmpty()) pb.environment().remove(k); else pb.environment().put(k, v);
        });
        return JarProcess.runToEnd(pb, input);
    }

    @Test
    void hubFromAShellInAnotherDirectory(@TempDir Path elsewhere) throws Exception {
        String javaHome = System.getProperty("java.home");
        JarProcess.Finished r = run(List.of("/bin/sh", "-c", "\"" + launcher() + "\" hub"), elsewhere, "hub\ninit\nquit\n", javaHome);
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.get(0).startsWith("id name=damka "), r.out());
        assertEquals("ready", lines.get(lines.size() - 1), r.out());
        assertEquals("", r.err(), "pydraughts merges stderr into the protocol: nothing may be written there");
    }

    @Test
    void throughASymbolicLink(@TempDir Path dir) throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("damka"), launcher());
        JarProcess.Finished r = run(List.of(link.toString(), "--version"), dir, "", System.getProperty("java.home"));
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("damka "), r.out());
    }

    @Test
    void aMissingJavaIsSaidPlainly(@TempDir Path dir) throws IOException, Exception {
        JarProcess.Finished r = run(List.of(launcher().toString(), "hub"), dir, "", dir.resolve("no-java").toString());
        assertEquals(127, r.exit(), r.err());
        assertTrue(r.err().startsWith("damka: cannot run"), r.err());
        assertEquals("", r.out());
    }

    /** The user's Java options chose a collector: with the launcher's own the JVM refused to start. */
    @Test
    void aCollectorInTheUsersOptionsReplacesOurs(@TempDir Path dir) throws Exception {
        for (String variable : List.of("DAMKA_JAVA_OPTS", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS")) {
            JarProcess.Finished r = run(List.of(launcher().toString(), "--version"), dir, "", System.getProperty("java.home"),
                    java.util.Map.of(variable, "-Xmx256m -XX:+UseParallelGC"));
            assertEquals(0, r.exit(), variable + ": " + r.out() + r.err());
            assertTrue(r.out().startsWith("damka "), variable + ": " + r.out());
        }
    }

    /** Java cannot start in a deleted folder (it said so on stdout): the launcher starts it in /. */
    @Test
    void aFolderThatNoLongerExists(@TempDir Path dir) throws Exception {
        JarProcess.Finished r = run(List.of("/bin/sh", "-c", "mkdir \"$1/gone\" && cd \"$1/gone\" && rmdir \"$1/gone\" && exec \"$2\"",
                "sh", dir.toString(), launcher().toString()), dir, "uci\nquit\n", System.getProperty("java.home"));
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().lines().anyMatch("uciok"::equals), r.out());
        assertTrue(r.err().contains("damka: the current folder no longer exists; starting in /"), r.err());
    }

    /**
     * Installed and run in folders with accented names under the C locale (a GUI started without
     * LANG): Java could not open its own jar, nor write tables into the working folder. The
     * names are made by the shell, so this test's own JVM never needs to spell them.
     */
    @Test
    void accentedFoldersUnderTheCLocale(@TempDir Path dir) throws Exception {
        String script = "e=$(printf '\\303\\251'); mkdir -p \"$1/inst$e/bin\" \"$1/r${e}per\""
                + " && cp \"$2\" \"$1/inst$e/bin/damka\" && ln -s \"$3\" \"$1/inst$e/damka.jar\" && cd \"$1/r${e}per\""
                + " && LC_ALL=C \"$1/inst$e/bin/damka\" egdb build --pieces 2 && test -d egdb/russian && echo tables-here";
        JarProcess.Finished r = run(List.of("/bin/sh", "-c", script, "sh", dir.toString(), launcher().toString(), JarProcess.jar().toAbsolutePath().toString()),
                dir, "", System.getProperty("java.home"), java.util.Map.of("LANG", "", "LC_CTYPE", ""));
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().lines().anyMatch("tables-here"::equals), "the tables in the working folder: " + r.out() + r.err());
    }

    /** Started with a PATH that has java but not dirname, the launcher said its jar was missing. */
    @Test
    void aPathWithJavaOnly(@TempDir Path dir) throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.createSymbolicLink(bin.resolve("java"), Path.of(JarProcess.javaBinary()));
        Path link = Files.createSymbolicLink(dir.resolve("damka"), launcher());
        for (String path : List.of(launcher().toString(), link.toString())) { // a link needs readlink: found in /bin or /usr/bin
            JarProcess.Finished r = run(List.of("/bin/sh", path, "--version"), dir, "", "", java.util.Map.of("PATH", bin.toString(), "JAVA_HOME", ""));
            assertEquals(0, r.exit(), path + ": " + r.out() + r.err());
            assertTrue(r.out().startsWith("damka "), path + ": " + r.out());
        }
    }
}
