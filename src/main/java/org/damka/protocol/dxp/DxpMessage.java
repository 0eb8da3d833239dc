package org.damka.protocol.dxp;

import java.util.Arrays;

/**
 * The seven DamExchange (DXP) layer-2 messages and their fixed-width ASCII layout. The first
 * character is the type; numbers are decimal with leading zeroes in a fixed number of positions;
 * names are padded with blanks to 32 positions. A message is 1..127 characters of ASCII 1..127;
 * on the wire each is followed by a NUL byte (see {@link DxpChannel}).
 *
 * <p>{@link #encode()} always writes the exact layout; {@link #decode(String)} checks every
 * field and throws {@link DxpFormatException} naming the bad one (trailing blanks are tolerated).
 */
public sealed interface DxpMessage {
    char WHITE = 'W', BLACK = 'Z';
    int MAX_LENGTH = 127;
    int NAME_WIDTH = 32;

    String encode();

    /** 'R': the initiator asks for a game. {@code position} is null for the normal start. */
    record GameReq(int version, String initiatorName, char followerColor, int minutes, int moves,
                   char colorToMove, String position) implements DxpMessage {
        @Override
        public String encode() {
            StringBuilder sb = new StringBuilder("R").append(digits(version, 2)).append(name(initiatorName))
                    .append(followerColor).append(digits(minutes, 3)).append(digits(moves, 3));
            if (position == null) return sb.append('A').toString();
            return sb.append('B').append(colorToMove).append(position).toString();
        }
    }

    /** 'A': the follower's answer; code '0' accept, '1' wrong version, '2' not this game, '3' no games. */
    record GameAcc(String followerName, char code) implements DxpMessage {
        @Override
        public String encode() {
            return "A" + name(followerName) + code;
        }
    }

    /** 'M': a move: seconds used, from and to squares, captured squares (any order). */
    record Move(int seconds, int from, int to, int[] captured) implements DxpMessage {
        public Move {
            captured = captured.clone();
        }

        @Override
        public int[] captured() {
            return captured.clone();
        }

        @Override
        public String encode() {
            StringBuilder sb = new StringBuilder("M").append(digits(Math.max(0, Math.min(9999, seconds)), 4))
                    .append(digits(from, 2)).append(digits(to, 2)).append(digits(captured.length, 2));
            for (int c : captured) sb.append(digits(c, 2));
            return sb.toString();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Move m && m.seconds == seconds && m.from == from && m.to == to
                    && Arrays.equals(m.captured, captured);
        }

        @Override
        public int hashCode() {
            return ((seconds * 31 + from) * 31 + to) * 31 + Arrays.hashCode(captured);
        }

        @Override
        public String toString() {
            return "Move[" + encode() + "]";
        }
    }

    /**
     * 'E': end of game. Reason '0' none given, '1' I give up, '2' draw, '3' I win (the acknowledgement
     * always '0'); stop '0' another game may follow, '1' no more games.
     */
    record GameEnd(char reason, char stop) implements DxpMessage {
        @Override
        public String encode() {
            return "E" + reason + stop;
        }
    }

    /** 'C': free text (1..126 characters; longer text is cut). */
    record Chat(String text) implements DxpMessage {
        @Override
        public String encode() {
            String t = ascii(text);
            return "C" + (t.length() > MAX_LENGTH - 1 ? t.substring(0, MAX_LENGTH - 1) : t);
        }
    }

    /** 'B': go back to move {@code moveNumber} (first move is 1) with {@code color} to move. */
    record BackReq(int moveNumber, char color) implements DxpMessage {
        @Override
        public String encode() {
            return "B" + digits(moveNumber, 3) + color;
        }
    }

    /** 'K': answer to BACKREQ: '0' done, '1' not supported, '2' wants to go on with the game. */
    record BackAcc(char code) implements DxpMessage {
        @Override
        public String encode() {
            return "K" + code;
        }
    }

    /** Reads one message (without its NUL); throws {@link DxpFormatException} for a bad layout. */
    static DxpMessage decode(String raw) throws DxpFormatException {
        if (raw == null || raw.isEmpty()) throw new DxpFormatException("empty message");
        String s = raw.length() > 1 && raw.charAt(0) != 'C' ? stripTrailing(raw) : raw;
        if (s.length() > MAX_LENGTH) throw new DxpFormatException("message longer than " + MAX_LENGTH + " characters");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 1 || c > 127) throw new DxpFormatException("character " + (int) c + " at position " + i + " is not ASCII 1..127");
        }
        DxpFieldReader r = new DxpFieldReader(s);
        char type = r.ch("header");
        DxpMessage m;
        switch (type) {
            case 'R' -> {
                int version = r.number("version", 2);
                String name = r.text("initiator name", NAME_WIDTH).trim();
                char follower = r.color("follower color");
                int minutes = r.number("thinking time", 3);
                int moves = r.number("number of moves", 3);
                char start = r.ch("starting position");
                if (start == 'A') {
                    m = new GameReq(version, name, follower, minutes, moves, WHITE, null);
                } else if (start == 'B') {
                    char toMove = r.color("color to move first");
                    String position = r.text("position", 50);
                    m = new GameReq(version, name, follower, minutes, moves, toMove, position);
                } else {
                    throw new DxpFormatException("starting position must be 'A' or 'B', got '" + start + "'");
                }
            }
            case 'A' -> {
                String name = r.text("follower name", NAME_WIDTH).trim();
                m = new GameAcc(name, r.code("acceptance code", "0123"));
            }
            case 'M' -> {
                int seconds = r.number("time", 4);
                int from = r.number("from field", 2);
                int to = r.number("to field", 2);
                int n = r.number("number captured", 2);
                int[] captured = new int[n];
                for (int k = 0; k < n; k++) captured[k] = r.number("captured piece " + (k + 1), 2);
                m = new Move(seconds, from, to, captured);
            }
            case 'E' -> {
                char reason = r.code("reason", "0123");
                m = new GameEnd(reason, r.code("stop code", "01"));
            }
            case 'C' -> m = new Chat(s.substring(1));
            case 'B' -> {
                int number = r.number("move number", 3);
                m = new BackReq(number, r.color("color to move"));
            }
            case 'K' -> m = new BackAcc(r.code("acceptance code", "012"));
            default -> throw new DxpFormatException("unknown message type '" + type + "'");
        }
        if (type != 'C' && !r.atEnd()) {
            throw new DxpFormatException("message '" + s + "' has " + r.remaining() + " characters more than its layout");
        }
        return m;
    }

    private static String stripTrailing(String s) {
        int end = s.length();
        while (end > 1 && s.charAt(end - 1) == ' ') end--;
        return s.substring(0, end);
    }

    /** n in exactly width digits with leading zeroes. */
    static String digits(int n, int width) {
        if (n < 0) throw new IllegalArgumentException("negative number " + n + " in a DXP field");
        String t = Integer.toString(n);
        if (t.length() > width) throw new IllegalArgumentException(n + " does not fit in " + width + " positions");
        return "0".repeat(width - t.length()) + t;
    }

    /** A name in exactly 32 positions: cut or padded with blanks, no leading blank. */
    static String name(String name) {
        String t = ascii(name == null ? "" : name).strip();
        if (t.length() > NAME_WIDTH) t = t.substring(0, NAME_WIDTH);
        return t + " ".repeat(NAME_WIDTH - t.length());
    }

    private static String ascii(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            sb.append(c >= 32 && c < 127 ? c : '?');
        }
        return sb.toString();
    }
}
