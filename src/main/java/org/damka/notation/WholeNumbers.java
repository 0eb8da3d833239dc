package org.damka.notation;

/**
 * Whole numbers in protocol and option text: ASCII digits with an optional sign, nothing else
 * (Java's own parsing also takes other scripts' digits, which no GUI means). A number too large
 * for a long saturates, so the caller's range check names the real problem.
 */
public final class WholeNumbers {
    private WholeNumbers() { }

    /** True if the text is a sign and ASCII digits. */
    public static boolean isWhole(String text) {
        int start = !text.isEmpty() && (text.charAt(0) == '-' || text.charAt(0) == '+') ? 1 : 0;
        if (start == text.length()) return false;
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') return false;
        }
        return true;
    }

    /**
     * The value of a whole number ({@link #isWhole}), {@link Long#MAX_VALUE} or
     * {@link Long#MIN_VALUE} when it is beyond a long.
     *
     * @throws NumberFormatException if the text is not a whole number
     */
    public static long parse(String text) {
        if (!isWhole(text)) throw new NumberFormatException(text);
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            return text.charAt(0) == '-' ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }
}
