package org.damka.protocol.dxp;

/** Reads the fixed-width fields of one DXP message, left to right; every error names the field. */
final class DxpFieldReader {
    private final String s;
    private int pos;

    DxpFieldReader(String s) {
        this.s = s;
    }

    boolean atEnd() { return pos >= s.length(); }
    int remaining() { return s.length() - pos; }

    char ch(String field) throws DxpFormatException {
        if (pos >= s.length()) throw new DxpFormatException("message ends before " + field);
        return s.charAt(pos++);
    }

    String text(String field, int width) throws DxpFormatException {
        if (pos + width > s.length()) {
            throw new DxpFormatException(field + " needs " + width + " characters, only " + (s.length() - pos) + " left");
        }
        String t = s.substring(pos, pos + width);
        pos += width;
        return t;
    }

    int number(String field, int width) throws DxpFormatException {
        String t = text(field, width);
        for (int i = 0; i < t.length(); i++) {
            if (t.charAt(i) < '0' || t.charAt(i) > '9') throw new DxpFormatException(field + " '" + t + "' is not " + width + " digits");
        }
        return Integer.parseInt(t);
    }

    char color(String field) throws DxpFormatException {
        char c = ch(field);
        if (c != DxpMessage.WHITE && c != DxpMessage.BLACK) throw new DxpFormatException(field + " must be 'W' or 'Z', got '" + c + "'");
        return c;
    }

    char code(String field, String allowed) throws DxpFormatException {
        char c = ch(field);
        if (allowed.indexOf(c) < 0) throw new DxpFormatException(field + " must be one of " + allowed + ", got '" + c + "'");
        return c;
    }
}
