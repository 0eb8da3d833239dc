package org.damka.system;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The protocols' input. A process started with its input closed ({@code damka <&-}) has no file
 * 0, so the first file the JVM opens, its class library ({@code lib/modules}) or the jar, takes
 * that number and {@code System.in} reads it: the engine took a million lines of binary as
 * commands. Such an input is treated as empty, as {@code /dev/null} is.
 */
public final class StandardInput {
    private StandardInput() { }

    /** System.in, or an input that has ended when file 0 is one of the JVM's own files. */
    public static InputStream get() {
        return isJvmOwnFile() ? InputStream.nullInputStream() : System.in;
    }

    /** True if file 0 (seen through /proc; false where there is none) is the JVM's class library or the running jar. */
    static boolean isJvmOwnFile() {
        Path zero = Path.of("/proc/self/fd/0");
        try {
            if (!Files.isRegularFile(zero)) return false; // a pipe, a terminal, /dev/null, or no /proc
            if (sameFile(zero, Path.of(System.getProperty("java.home"), "lib", "modules"))) return true;
            var source = StandardInput.class.getProtectionDomain().getCodeSource();
            return source != null && sameFile(zero, Path.of(source.getLocation().toURI()));
        } catch (RuntimeException | java.net.URISyntaxException e) {
            return false;
        }
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }
}
