package org.damka.match;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.damka.rules.Rules;

/**
 * Portable Draughts Notation game records: writing one game, reading a file of games back.
 *
 * <p>Writing: the tag pairs in the given order, a blank line, the moves with move numbers, an
 * optional comment in braces (the match uses it for the reason the game ended), the result.
 * A move number counts full moves starting with the variant's first side (Black in english), so
 * a game whose start position has the other side to move begins with {@code 1...}. Lines are
 * wrapped before 80 characters. Captures are written with {@code x} in every variant
 * ({@code c3xe5xc7}), as PDN readers expect.
 *
 * <p>Reading is lenient in the ways PDN files in the wild differ: move numbers with one or three
 * dots, glued to the move or not, and a lone {@code ...}; comments in braces anywhere (kept in
 * order) and after {@code ;} to the end of the line; {@code %} lines (escapes) skipped; results
 * written 1-0/0-1/1/2-1/2, the 2-0/0-2/1-1 of draughts federations, or *. Variations in
 * parentheses are skipped, and so are annotations: NAGs ({@code $1}) and move marks ({@code !},
 * {@code ?!}, glued or not). Moves padded to line up their columns ({@code 1- 6}, older Dutch
 * programs) are joined. A byte-order mark and no-break spaces count as blanks. Moves are kept as
 * written: captures with {@code x} or {@code :} both replay. A comment left open is an error
 * (it would swallow the rest of the game in silence).
 */
public final class Pdn {
    private Pdn() { }

    /** One game: tags in file order, the moves as written, the comments, the result token. */
    public record Record(Map<String, String> tags, List<String> moves, List<String> comments, String result) {
        public String tag(String name) {
            return tags.get(name);
        }
    }

    private static final int WIDTH = 79;

    /**
     * Adds the tags that say which game a record is: GameType (the variant's number) and, for a
     * game from a set-up position ({@code startFen} not null), SetUp and FEN.
     */
    public static void putGameTags(Map<String, String> tags, Rules rules, String startFen) {
        tags.put("GameType", Integer.toString(rules.pdnGameType()));
        if (startFen != null) {
            tags.put("SetUp", "1");
            tags.put("FEN", startFen);
        }
    }

    /**
     * One game as PDN text (ending with a blank line).
     *
     * @param firstSide the variant's first side (0 White, 1 Black), which starts each move number
     * @param startSide the side to move in the start position
     * @param comment   written before the result, or null
     */
    public static String format(Map<String, String> tags, List<String> moves, int firstSide, int startSide,
                                String comment, String result) {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, String> tag : tags.entrySet()) {
            out.append('[').append(tag.getKey()).append(" \"").append(escape(tag.getValue())).append("\"]\n");
        }
        out.append('\n');
        // Units to wrap: a move number and its move stay together ("12. 32-28").
        List<String> units = new ArrayList<>();
        for (int i = 0; i < moves.size(); i++) {
            String move = pdnMove(moves.get(i));
            boolean firstSidesMove = (startSide ^ (i & 1)) == firstSide;
            units.add(firstSidesMove || i == 0 ? moveNumber(i, firstSide, startSide) + " " + move : move);
        }
        if (comment != null && !comment.isBlank()) units.add("{" + comment.replace('{', '(').replace('}', ')').replace('\n', ' ') + "}");
        units.add(result);
        int lineLength = 0;
        for (String unit : units) {
            if (lineLength > 0 && lineLength + 1 + unit.length() > WIDTH) {
                out.append('\n');
                lineLength = 0;
            } else if (lineLength > 0) {
                out.append(' ');
                lineLength++;
            }
            out.append(unit);
            lineLength += unit.length();
        }
        out.append("\n\n");
        return out.toString();
    }

    /**
     * The number PDN gives the move at {@code ply} (0-based) of a game whose start position has
     * {@code startSide} to move: {@code 5.} for a move of the side that moves first in the
     * variant, {@code 4...} for the other side's.
     */
    public static String moveNumber(int ply, int firstSide, int startSide) {
        int fromFirst = ply + (startSide == firstSide ? 0 : 1); // plies since a first side's move 1
        return (fromFirst / 2 + 1) + (fromFirst % 2 == 0 ? "." : "...");
    }

    /**
     * A move as PDN writes it: captures joined by {@code x} on every board (damka writes
     * {@code c3:e5} on algebraic boards, which PDN readers such as pydraughts' reject).
     */
    static String pdnMove(String move) {
        return move.replace(':', 'x');
    }

    private static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    /** Reads every game of a PDN text. Throws IllegalArgumentException on a malformed tag. */
    public static List<Record> parse(String text) {
        List<Record> games = new ArrayList<>();
        Map<String, String> tags = new LinkedHashMap<>();
        List<String> moves = new ArrayList<>();
        List<String> comments = new ArrayList<>();
        int i = 0, n = text.length();
        int depth = 0; // inside a variation
        while (i < n) {
            char c = text.charAt(i);
            if (isBlank(c)) {
                i++;
            } else if (c == '%' && (i == 0 || text.charAt(i - 1) == '\n' || text.charAt(i - 1) == '\r')) {
                i = lineEnd(text, i); // an escape line: for the program that wrote it
            } else if (c == ';') {
                int end = lineEnd(text, i);
                if (depth == 0) comments.add(text.substring(i + 1, end).trim());
                i = end;
            } else if (c == '[' && depth == 0) {
                int end = tagEnd(text, i);
                if (!moves.isEmpty() || !comments.isEmpty()) {
                    // A game without a result token: close it before the next one's tags.
                    games.add(new Record(tags, moves, comments, "*"));
                    tags = new LinkedHashMap<>();
                    moves = new ArrayList<>();
                    comments = new ArrayList<>();
                }
                readTag(text.substring(i + 1, end), tags);
                i = end + 1;
            } else if (c == '{') {
                int end = text.indexOf('}', i);
                if (end < 0) throw new IllegalArgumentException("the comment opened at character " + i + " is not closed");
                if (depth == 0) comments.add(text.substring(i + 1, end).trim());
                i = end + 1;
            } else if (c == '(') {
                depth++;
                i++;
            } else if (c == ')') {
                depth = Math.max(0, depth - 1);
                i++;
            } else if (c == '}' || c == '[') {
                i++; // a stray closing brace, or a bracket inside a variation: no token starts here
            } else {
                int start = i;
                i = tokenEnd(text, i);
                if (depth == 0 && text.substring(start, i).matches("-{2,}")) {
                    // some programs write a pass so; it is no move, and read as one it met the next move number
                    throw new IllegalArgumentException("a null move '" + text.substring(start, i) + "' after " + moves.size()
                            + (moves.size() == 1 ? " ply" : " plies") + ": draughts has no pass, so the game cannot be replayed");
                }
                // "1- 6": a move padded to line up its columns goes on after the blanks.
                while (i < n && "-xX:".indexOf(text.charAt(i - 1)) >= 0) {
                    int next = i;
                    while (next < n && (text.charAt(next) == ' ' || text.charAt(next) == '\t')) next++;
                    if (next == i || next == n || !Character.isLetterOrDigit(text.charAt(next))
                            || isResult(text.substring(next, tokenEnd(text, next)))) break;
                    i = tokenEnd(text, next);
                }
                String token = text.substring(start, i).replaceAll("[ \t]", "");
                if (depth > 0) continue;
                if (isResult(token)) {
                    games.add(new Record(tags, moves, comments, result(token)));
                    tags = new LinkedHashMap<>();
                    moves = new ArrayList<>();
                    comments = new ArrayList<>();
                    continue;
                }
                if (token.matches("\\$\\d*")) continue; // a NAG
                String move = stripMoveNumber(token).replaceAll("[!?]+$", ""); // "32-28!?": the mark is not the move
                if (!move.isEmpty() && !move.matches("\\.+")) moves.add(move);
            }
        }
        if (!tags.isEmpty() || !moves.isEmpty()) games.add(new Record(tags, moves, comments, "*"));
        return games;
    }

    /** Blanks between tokens: white space, no-break spaces, a byte-order mark. */
    private static boolean isBlank(char c) {
        return Character.isWhitespace(c) || Character.isSpaceChar(c) || c == '\uFEFF';
    }

    private static int tokenEnd(String text, int i) {
        while (i < text.length() && !isBlank(text.charAt(i)) && "{}()[;".indexOf(text.charAt(i)) < 0) i++;
        return i;
    }

    private static int lineEnd(String text, int i) {
        while (i < text.length() && text.charAt(i) != '\n' && text.charAt(i) != '\r') i++;
        return i;
    }

    private static int tagEnd(String text, int open) {
        boolean quoted = false;
        for (int i = open + 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted && c == '\\') i++;
            else if (c == '"') quoted = !quoted;
            else if (c == ']' && !quoted) return i;
        }
        throw new IllegalArgumentException("unterminated tag at character " + open);
    }

    private static void readTag(String body, Map<String, String> tags) {
        String t = body.trim();
        int space = 0;
        while (space < t.length() && !Character.isWhitespace(t.charAt(space)) && t.charAt(space) != '"') space++;
        String name = t.substring(0, space);
        String rest = t.substring(space).trim();
        if (name.isEmpty() || !rest.startsWith("\"") || !rest.endsWith("\"") || rest.length() < 2) {
            throw new IllegalArgumentException("malformed tag [" + body + "]");
        }
        StringBuilder value = new StringBuilder();
        for (int i = 1; i < rest.length() - 1; i++) {
            char c = rest.charAt(i);
            if (c == '\\' && i + 1 < rest.length() - 1) c = rest.charAt(++i);
            value.append(c);
        }
        tags.put(name, value.toString());
    }

    /** The result tokens of PDN: decisive and drawn, in both scoring styles, and unknown. */
    static boolean isResult(String token) {
        return result(token) != null;
    }

    /**
     * A game result token as PDN writes it, or null if the token is none; printed notation's
     * dashes and the sign ½ are read too ({@code 1–0}, {@code ½–½}), as moves take those dashes.
     */
    static String result(String token) {
        String t = token.replace('\u2013', '-').replace('\u2014', '-').replace('\u2212', '-').replace("\u00bd", "1/2");
        return switch (t) {
            case "1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*" -> t;
            default -> null;
        };
    }

    /** "12." -> "", "12.32-28" -> "32-28", "12...c3-d4" -> "c3-d4", "32-28" -> "32-28". */
    static String stripMoveNumber(String token) {
        int i = 0;
        while (i < token.length() && Character.isDigit(token.charAt(i))) i++;
        if (i == 0 || i == token.length() || token.charAt(i) != '.') return token;
        while (i < token.length() && token.charAt(i) == '.') i++;
        return token.substring(i);
    }
}
