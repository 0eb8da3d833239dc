package org.damka.notation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One line of the Hub protocol: a command word followed by {@code name=value} pairs or bare
 * flags, values optionally in double quotes. Parsing never throws for odd input: a line it cannot
 * read has {@link #error()} set and the caller answers with {@code error}. Formatting quotes a value
 * only when it must (empty, or containing a blank, {@code =} or {@code "}).
 */
public final class HubLine {
    /** One argument; {@code value} is null for a flag such as {@code think}. */
    public record Arg(String name, String value) { }

    private final String command;
    private final List<Arg> args;
    private final String error;

    private HubLine(String command, List<Arg> args, String error) {
        this.command = command;
        this.args = args;
        this.error = error;
    }

    /** The command word, or "" for an empty line. */
    public String command() { return command; }
    public List<Arg> args() { return args; }
    /** Why the line could not be read, or null. */
    public String error() { return error; }

    /** The value of the first argument with this name, or null (also for a flag). */
    public String value(String name) {
        for (Arg a : args) if (a.name().equals(name)) return a.value();
        return null;
    }

    /** True if an argument with this name is present (flag or pair). */
    public boolean has(String name) {
        for (Arg a : args) if (a.name().equals(name)) return true;
        return false;
    }

    public static HubLine parse(String line) {
        String s = line == null ? "" : line;
        int[] pos = {0};
        skipBlanks(s, pos);
        String command = word(s, pos);
        List<Arg> args = new ArrayList<>();
        if (command.isEmpty()) {
            String err = pos[0] < s.length() ? "line starts with '" + s.charAt(pos[0]) + "' instead of a command" : null;
            return new HubLine("", List.of(), err);
        }
        while (true) {
            skipBlanks(s, pos);
            if (pos[0] >= s.length()) break;
            String name = word(s, pos);
            if (name.isEmpty()) {
                return new HubLine(command, Collections.unmodifiableList(args),
                        "unexpected '" + s.charAt(pos[0]) + "' at column " + (pos[0] + 1));
            }
            skipBlanks(s, pos);
            String value = null;
            if (pos[0] < s.length() && s.charAt(pos[0]) == '=') {
                pos[0]++;
                skipBlanks(s, pos);
                if (pos[0] < s.length() && s.charAt(pos[0]) == '"') {
                    int close = s.indexOf('"', pos[0] + 1);
                    if (close < 0) {
                        return new HubLine(command, Collections.unmodifiableList(args), "missing closing quote after " + name + "=");
                    }
                    value = s.substring(pos[0] + 1, close);
                    pos[0] = close + 1;
                } else {
                    value = word(s, pos);
                }
            }
            args.add(new Arg(name, value));
        }
        return new HubLine(command, Collections.unmodifiableList(args), null);
    }

    private static void skipBlanks(String s, int[] pos) {
        while (pos[0] < s.length() && Character.isWhitespace(s.charAt(pos[0]))) pos[0]++;
    }

    private static String word(String s, int[] pos) {
        int start = pos[0];
        while (pos[0] < s.length() && isWordChar(s.charAt(pos[0]))) pos[0]++;
        return s.substring(start, pos[0]);
    }

    private static boolean isWordChar(char c) {
        return !Character.isWhitespace(c) && !Character.isISOControl(c) && c != '=' && c != '"';
    }

    /**
     * The text with every character outside printable ASCII escaped ({@code \x00} for control
     * bytes, {@code \u00e9} above), so that bad input echoed in an error stays one readable line.
     */
    public static String printable(String text) {
        StringBuilder b = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= 0x20 && c < 0x7f) b.append(c);
            else if (c < 0x80) b.append(String.format(java.util.Locale.ROOT, "\\x%02x", (int) c));
            else b.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
        }
        return b.toString();
    }

    /** {@code name=value}, the value quoted when needed (a '"' inside becomes '\''). */
    public static String pair(String name, String value) {
        String v = value == null ? "" : value.replace('"', '\'');
        boolean plain = !v.isEmpty();
        for (int i = 0; i < v.length() && plain; i++) plain = isWordChar(v.charAt(i));
        return name + "=" + (plain ? v : "\"" + v + "\"");
    }
}
