package org.damka.protocol;

import java.util.List;
import java.util.regex.Pattern;

/**
 * What protocol.md allows on stdout, one regular expression per kind of line. Every line is
 * printable ASCII. Used by every protocol test and by the fuzz test.
 */
final class ProtocolLines {
    private ProtocolLines() { }

    private static final String MOVE = "[a-k0-9][a-k0-9x:\\-]*";
    static final Pattern INFO = Pattern.compile("info depth \\d+ seldepth \\d+ score (cp -?\\d+|mate -?\\d+)( lowerbound)?"
            + " nodes \\d+ nps \\d+ time \\d+ hashfull \\d+( tbhits \\d+)?( multipv \\d+)?( pv( " + MOVE + ")+)?");
    /** A search's totals, after its last {@link #INFO} line when it searched past it. */
    static final Pattern TOTALS = Pattern.compile("info nodes \\d+ nps \\d+ time \\d+ hashfull \\d+( tbhits \\d+)?");
    static final Pattern BESTMOVE = Pattern.compile("bestmove (\\(none\\)|" + MOVE + "( ponder " + MOVE + ")?)");

    private static final List<Pattern> ALL = List.of(
            Pattern.compile("id name damka \\S+"),
            Pattern.compile("id author [ -~]+"),
            Pattern.compile("option name [A-Za-z_ ]+ type (combo|spin|check|string)( default \\S+)?( (min|max|var) \\S+)*"),
            Pattern.compile("uciok"),
            Pattern.compile("readyok"),
            Pattern.compile("info string [ -~]*"),
            INFO,
            TOTALS,
            BESTMOVE,
            Pattern.compile(MOVE + ": \\d+"),
            Pattern.compile("Nodes searched: \\d+"));

    static boolean valid(String line) {
        for (Pattern p : ALL) if (p.matcher(line).matches()) return true;
        return false;
    }
}
