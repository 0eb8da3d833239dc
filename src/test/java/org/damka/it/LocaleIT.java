package org.damka.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jar on a machine whose language formats numbers its own way (Java takes it from LANG):
 * Arabic writes digits as ٠١٢…, German a decimal comma. The protocols and the tools' output are
 * read by programs, so they stay in ASCII digits with a decimal point whatever the user's locale.
 */
@Timeout(120)
class LocaleIT {
    private static final String[] ARABIC = {"-Duser.language=ar", "-Duser.country=EG"};
    private static final String[] GERMAN = {"-Duser.language=de", "-Duser.country=DE"};

    /** The jar with these Java options and arguments, run to its end. */
    private static JarProcess.Finished run(String[] locale, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(JarProcess.javaBinary()));
        cmd.addAll(List.of(locale));
        cmd.addAll(List.of("-jar", JarProcess.jar().toString()));
        cmd.addAll(List.of(args));
        return JarProcess.runToEnd(new ProcessBuilder(cmd), "");
    }

    /** Every character printable ASCII or a line end: no ٣ for 3. */
    private static void assertAscii(String text) {
        for (String line : text.split("\n")) {
            assertTrue(line.chars().allMatch(c -> c >= 0x20 && c < 0x7f || c == '\t' || c == '\r'), "not ASCII: " + line);
        }
    }

    @Test
    void theProtocolKeepsAsciiDigitsInArabic() throws Exception {
        try (JarProcess uci = new JarProcess(List.of(ARABIC))) {
            for (String line : List.of("uci", "setoption name UCI_Variant value russian", "position startpos", "d", "eval", "go depth 4")) {
                uci.send(line);
            }
            uci.until(l -> l.startsWith("bestmove "), 30_000);
            uci.send("bench 2");
            uci.until(l -> l.startsWith("info string bench "), 60_000);
            uci.send("quit");
            assertTrue(uci.waitFor(10_000));
            String said = uci.transcript();
            assertAscii(said);
            assertTrue(said.contains("<< info string board  8 |   b   b   b   b |"), "the board's row numbers:\n" + said);
            assertTrue(said.lines().anyMatch(l -> l.matches("<< info string position +1 russian +depth +2 nodes +\\d+ .*")), said);
        }
        try (JarProcess hub = new JarProcess(List.of(ARABIC), "hub")) {
            for (String line : List.of("hub", "init", "set-param name=variant value=russian", "pos start", "level move-time=0.05", "go think")) {
                hub.send(line);
            }
            hub.until(l -> l.startsWith("done move="), 30_000);
            hub.send("quit");
            assertTrue(hub.waitFor(10_000));
            assertAscii(hub.transcript());
        }
    }

    @Test
    void theToolsKeepAsciiDigitsAndADecimalPoint(@TempDir Path dir) throws Exception {
        for (String[] locale : new String[][] {ARABIC, GERMAN}) {
            JarProcess.Finished bench = run(locale, "bench", "--variant", "english", "--depth", "3");
            assertAscii(bench.all());
            assertTrue(bench.out().lines().anyMatch(l -> l.matches("position +1 english +depth +3 nodes +\\d+ time +\\d+ ms .*")), bench.out());

            Path tables = dir.resolve(locale[0].substring(locale[0].indexOf('=') + 1));
            JarProcess.Finished egdb = run(locale, "egdb", "build", "--variant", "russian", "--pieces", "2", "--dir", tables.toString());
            assertAscii(egdb.all());
            assertTrue(egdb.out().matches("(?s).*egdb build russian up to 2 pieces: done in \\d+\\.\\d s.*"), egdb.all());
            assertTrue(egdb.err().lines().anyMatch(l -> l.matches("egdb russian 1/4 .* \\d+\\.\\d s \\(total \\d+ s\\)")), egdb.err());

            JarProcess.Finished stats = run(locale, "egdb", "stats", "--variant", "russian", "--pieces", "2", "--dir", tables.toString());
            assertAscii(stats.all());
            assertEquals(4, stats.out().lines().filter(l -> l.matches("\\| 1[KM] v 1[KM] \\| \\d+ \\| \\d+ \\| \\d+ \\| \\d+ \\| \\d+ \\|")).count(), stats.out());
        }
    }

    /**
     * Runs a shell script under the C locale with $e an accented letter (made by the shell, so
     * this test's JVM never spells it), $1 a folder to work in, $2 java and $3 the jar.
     */
    private static JarProcess.Finished underTheCLocale(Path dir, String script, String input) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", "e=$(printf '\\303\\251'); cd \"$1\" && " + script,
                "sh", dir.toString(), JarProcess.javaBinary(), JarProcess.jar().toAbsolutePath().toString());
        pb.environment().remove("LANG");
        pb.environment().remove("LC_CTYPE");
        pb.environment().put("LC_ALL", "C");
        return JarProcess.runToEnd(pb, input);
    }

    private static final String UNSPELT = "cannot be spelt in this locale's character set (ANSI_X3.4-1968): start damka under a UTF-8 locale";

    /** Java cannot run in a folder it cannot spell: that said in one line, where a stack trace was. */
    @Test
    void anAccentedWorkingFolderUnderTheCLocale(@TempDir Path dir) throws Exception {
        for (String command : List.of("", "hub", "gui --port 0", "perft --depth 2")) {
            JarProcess.Finished r = underTheCLocale(dir, "mkdir -p \"r${e}per\" && cd \"r${e}per\" && \"$2\" -jar \"$3\" " + command + "; echo \"exit $?\"", "uci\n");
            assertEquals("exit 1", r.out().strip(), command + ": " + r.all());
            assertTrue(r.err().strip().matches("damka: the current folder .*r\\?+per " + java.util.regex.Pattern.quote(UNSPELT) + ".*"), r.err());
            assertFalse(r.err().strip().contains("\n"), r.err());
        }
    }

    /** A file named with an accent under the C locale: the reason and the remedy, on the command line and in setoption. */
    @Test
    void anAccentedFileNameUnderTheCLocale(@TempDir Path dir) throws Exception {
        JarProcess.Finished selfplay = underTheCLocale(dir, "\"$2\" -jar \"$3\" selfplay --games 1 --out \"donn${e}es.txt\"; echo \"exit $?\"", "");
        assertEquals("exit 2", selfplay.out().strip(), selfplay.all());
        assertTrue(selfplay.err().contains("Invalid value for option '--out': 'donn") && selfplay.err().contains(UNSPELT), selfplay.err());
        JarProcess.Finished uci = underTheCLocale(dir, "\"$2\" -jar \"$3\"", "setoption name EGDBPath value tabl\u00e9s\nisready\nquit\n");
        assertTrue(uci.out().lines().anyMatch(l -> l.startsWith("info string error setoption: 'tabl") && l.contains(UNSPELT)), uci.all());
        assertTrue(uci.out().contains("readyok"), uci.all());
    }
}
