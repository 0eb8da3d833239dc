package org.damka.system;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

import javax.management.ObjectName;

/**
 * Keeps the JVM's own log lines off standard output, the protocols' channel. A user's
 * {@code -verbose:gc} or {@code -Xlog:gc} (often in {@code _JAVA_OPTIONS} or
 * {@code JAVA_TOOL_OPTIONS}, set for every Java program of a machine) sends them to stdout,
 * between the engine's lines, where a GUI takes them for the engine's. When the JVM was started
 * with such an option, its stdout log output is moved to stderr, with the same tags and
 * decorations, through the JVM's own {@code VM.log} command. Loading that command costs a few
 * hundred ms, so a JVM started without such an option (the launcher's {@code -Xlog:all=warning:stderr}
 * included) is left as it is. What the JVM wrote before {@code main} (its {@code Using G1} line)
 * cannot be taken back.
 */
public final class JvmLog {
    private JvmLog() { }

    /** Moves the JVM's stdout log output to stderr if an option of the JVM's command line or environment sent any there. */
    public static void keepOffStandardOutput() {
        if (!logsToStandardOutput(jvmOptions())) return;
        try {
            String config = vmLog("list");
            for (String line : config.split("\n")) {
                String t = line.trim();
                if (!t.startsWith("#") || !t.contains(": stdout ")) continue;
                String[] w = t.split(" ");
                if (w.length < 3) continue;
                vmLog("output=" + w[0].substring(0, w[0].length() - 1), "what=all=off");
                List<String> moved = new ArrayList<>(List.of("output=stderr", "what=" + w[2]));
                if (w.length > 3 && !w[3].isBlank()) moved.add("decorators=" + w[3]);
                vmLog(moved.toArray(String[]::new));
            }
        } catch (Exception | LinkageError e) {
            System.err.println("damka: the JVM's log could not be moved off standard output (" + e + "); its lines may reach the GUI");
        }
    }

    /** The options of this JVM's command line, and those its environment adds. */
    static List<String> jvmOptions() {
        List<String> options = new ArrayList<>(ProcessHandle.current().info().arguments().map(List::of).orElse(List.of()));
        for (String variable : new String[] {"JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS"}) {
            String value = System.getenv(variable);
            if (value != null) options.addAll(List.of(value.trim().split("\\s+")));
        }
        return options;
    }

    /**
     * True if one of these options sends log lines to stdout: {@code -verbose:…}, or an
     * {@code -Xlog} whose output is left out (stdout by default) or {@code stdout}. The
     * options after the main class or jar are the program's, but a program argument that looks
     * like one costs only the check.
     */
    static boolean logsToStandardOutput(List<String> options) {
        for (String o : options) {
            if (o.startsWith("-verbose:") || o.equals("-verbose")) return true;
            if (o.equals("-Xlog")) return true;
            if (o.startsWith("-Xlog:")) {
                String[] parts = o.substring(6).split(":", -1);
                if (parts[0].equals("disable") || parts[0].equals("help")) continue;
                String output = parts.length > 1 ? parts[1] : "";
                if (output.isEmpty() || output.equals("stdout")) return true;
            }
        }
        return false;
    }

    private static String vmLog(String... arguments) throws Exception {
        return (String) ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"),
                "vmLog", new Object[] {arguments}, new String[] {String[].class.getName()});
    }
}
