package org.damka.match;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How to run one engine: the command line, a display name, the working directory, the protocol
 * and the options to set. Read from the text of one {@code --engine} argument:
 * <pre>  cmd=&lt;program&gt; [args…] [name=&lt;name&gt;] [dir=&lt;directory&gt;] [proto=uci|hub]
 *   [tc=&lt;base&gt;+&lt;inc&gt; | depth=&lt;d&gt; | movetime=&lt;ms&gt; | nodes=&lt;n&gt;] [option.&lt;Name&gt;=&lt;value&gt;]…</pre>
 * A limit given here overrides the match's {@code --tc}/{@code --depth}/… for this engine.
 * The text is split into words as a shell would (single and double quotes, backslash). A word
 * of the form {@code key=value} with a known key starts a field; any other word continues the
 * field before it, so {@code cmd=java -jar damka.jar name=d2} runs {@code java -jar damka.jar}.
 * Only these keys start a field, so program arguments such as {@code --x=1} stay in the command;
 * after another field a word {@code key=…} with an unknown key is refused (a misspelt
 * {@code depht=3} would have joined the name before it).
 * Quote an option whose name has spaces: {@code "option.Move Overhead=30"}.
 *
 * @param command the program and its arguments
 * @param name    the display name, or null to use the engine's own ({@code id name})
 * @param dir     the working directory, or null for the current one
 * @param proto   the protocol: {@code uci} (damka's UCI-style protocol, the default) or {@code hub}
 *                (the Hub protocol of Scan; see {@link HubEngineClient})
 * @param limit   this engine's own time control, or null for the match's
 * @param options option name to value, in the order given
 */
public record EngineSpec(List<String> command, String name, String dir, String proto, TimeControl limit,
                         Map<String, String> options) {
    public EngineSpec {
        command = List.copyOf(command);
        options = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }

    /** The protocols a match can speak. */
    public static final List<String> PROTOCOLS = List.of("uci", "hub");

    public static EngineSpec parse(String text) {
        List<String> words = splitWords(text);
        List<String> command = new ArrayList<>();
        String name = null, dir = null, proto = "uci";
        TimeControl limit = null;
        Map<String, String> options = new LinkedHashMap<>();
        String field = null; // the field that plain words continue
        String optionName = null;
        for (String word : words) {
            int eq = word.indexOf('=');
            String key = eq > 0 ? word.substring(0, eq) : "";
            String value = eq > 0 ? word.substring(eq + 1) : word;
            String lower = key.toLowerCase(Locale.ROOT);
            if (lower.equals("cmd") || lower.equals("name") || lower.equals("dir") || lower.equals("proto")) {
                field = lower;
                switch (lower) {
                    case "cmd" -> {
                        if (!command.isEmpty()) throw new IllegalArgumentException("cmd= given twice in '" + text + "'");
                        if (!value.isEmpty()) command.add(value);
                    }
                    case "name" -> name = value;
                    case "dir" -> dir = value;
                    default -> proto = value.toLowerCase(Locale.ROOT);
                }
            } else if (lower.equals("tc") || lower.equals("depth") || lower.equals("movetime") || lower.equals("nodes")) {
                if (limit != null) throw new IllegalArgumentException("more than one of tc=, depth=, movetime=, nodes= in '" + text + "'");
                field = "limit";
                limit = parseLimit(lower, value);
            } else if (lower.startsWith("option.") && key.length() > 7) {
                field = "option";
                optionName = key.substring(7);
                options.put(optionName, value);
            } else if (field == null) {
                throw new IllegalArgumentException("'" + word + "' in engine '" + text
                        + "': expected cmd=, name=, dir=, proto=, tc=, depth=, movetime=, nodes= or option.<Name>=");
            } else {
                if (!field.equals("cmd") && key.matches("[A-Za-z][A-Za-z0-9_]*")) {
                    // A misspelt key (depht=3) would otherwise join the name or value before it and
                    // change the match in silence; a program argument (--x=1) belongs to cmd=.
                    throw new IllegalArgumentException("unknown key '" + key + "=' in engine '" + text
                            + "': expected cmd=, name=, dir=, proto=, tc=, depth=, movetime=, nodes= or option.<Name>= (quote a value that holds '=')");
                }
                switch (field) {
                    case "cmd" -> command.add(word);
                    case "name" -> name = join(name, word);
                    case "dir" -> dir = join(dir, word);
                    case "option" -> options.put(optionName, join(options.get(optionName), word));
                    default -> throw new IllegalArgumentException("unexpected '" + word + "' in engine '" + text + "'");
                }
            }
        }
        if (command.isEmpty()) throw new IllegalArgumentException("engine '" + text + "' has no cmd=<command line>");
        if (!PROTOCOLS.contains(proto)) {
            throw new IllegalArgumentException("engine protocol '" + proto + "' is not supported (" + String.join(" or ", PROTOCOLS) + ")");
        }
        if (name != null && name.isBlank()) name = null;
        if (dir != null) checkFolder(dir);
        return new EngineSpec(command, name, dir, proto, limit, options);
    }

    /** The engine's working folder must be one: the process's own failure blamed setsid, its launcher. */
    private static void checkFolder(String dir) {
        if (dir.isBlank()) throw new IllegalArgumentException("dir= is empty (leave it out for the current folder)");
        java.nio.file.Path folder = org.damka.files.FileErrors.path(dir);
        if (!java.nio.file.Files.isDirectory(folder)) {
            throw new IllegalArgumentException("engine folder dir=" + dir + ": " + (java.nio.file.Files.exists(folder) ? "not a folder" : "no such folder"));
        }
    }

    private static TimeControl parseLimit(String key, String value) {
        if (key.equals("tc")) return TimeControl.parseClock(value);
        if (key.equals("movetime")) { // as --movetime: 500, 500ms or 0.5s
            try {
                return TimeControl.moveTime(TimeControl.parseMillis(value, 1));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("movetime=" + value + ": " + e.getMessage());
            }
        }
        try {
            return switch (key) {
                case "depth" -> TimeControl.depth(Integer.parseInt(value));
                default -> TimeControl.nodes(Long.parseLong(value));
            };
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + "=" + value + " is not a whole number");
        }
    }

    private static String join(String a, String b) {
        return a == null || a.isEmpty() ? b : a + " " + b;
    }

    /** Shell-like word splitting: whitespace separates; quotes group; backslash escapes. */
    static List<String> splitWords(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) quote = 0;
                else if (c == '\\' && quote == '"' && i + 1 < text.length()) word.append(text.charAt(++i));
                else word.append(c);
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (c == '\\' && i + 1 < text.length()) {
                word.append(text.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) words.add(word.toString());
                word.setLength(0);
                inWord = false;
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (quote != 0) throw new IllegalArgumentException("unclosed quote in '" + text + "'");
        if (inWord) words.add(word.toString());
        return words;
    }
}
