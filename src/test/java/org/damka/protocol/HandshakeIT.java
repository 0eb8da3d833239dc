package org.damka.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.damka.board.Fen;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

/** The handshake, every option and every variant switch, against the real jar over pipes. */
class HandshakeIT extends OneEngineIT {
    @Test
    void handshakeListsIdentityAndEveryOption() {
        engine.send("uci");
        List<String> lines = engine.until("uciok");
        assertTrue(lines.get(0).matches("id name damka \\S+"), lines.get(0));
        assertTrue(lines.get(1).startsWith("id author "), lines.get(1));
        assertEquals(List.of(
                "option name UCI_Variant type combo default russian var russian var brazilian var international var english var hexagonal",
                "option name Hash type spin default 16 min 1 max 4096",
                "option name Threads type spin default 1 min 1 max 64",
                "option name MultiPV type spin default 1 min 1 max 64",
                "option name Ponder type check default false",
                "option name Move Overhead type spin default 10 min 0 max 5000",
                "option name Evaluation type combo default auto var auto var classic var learned var material",
                "option name EvalFile type string default <built-in>",
                "option name EGDBPath type string default egdb",
                "option name EGDBPieces type spin default 5 min 0 max 7",
                "uciok"), lines.subList(2, lines.size()));
        engine.send("isready");
        assertEquals("readyok", engine.next(10_000).text());
    }

    @Test
    void everyOptionTakesGoodValuesAndRefusesBadOnes() {
        // name -> {good value, value d shows, bad values...}
        Map<String, String[]> cases = Map.of(
                "Hash", new String[] {"64", "64", "0", "4097", "-5", "abc", "99999999999999999999", "1.5", "\u0663\u0662"},
                "Threads", new String[] {"2", "2", "0", "65", "x"},
                "MultiPV", new String[] {"3", "3", "0", "65", ""},
                "Ponder", new String[] {"true", "true", "yes", "1"},
                "Move Overhead", new String[] {"30", "30", "-1", "5001", "ten"},
                "Evaluation", new String[] {"material", "material", "positional", "", "full material"},
                "EvalFile", new String[] {"<built-in>", "<built-in>", "/no/such/file.weights", "pom.xml", "/dev/zero", "."},
                "EGDBPieces", new String[] {"3", "3", "-1", "8", "four"});
        for (Map.Entry<String, String[]> c : cases.entrySet()) {
            String name = c.getKey();
            String[] v = c.getValue();
            engine.quiet("setoption name " + name + " value " + v[0]);
            assertEquals(v[1], engine.display("option name " + name + " value"), name);
            for (String bad : Arrays.copyOfRange(v, 2, v.length)) {
                List<String> errors = engine.errors("setoption name " + name + " value " + bad);
                assertEquals(1, errors.size(), name + " = '" + bad + "' should give one error");
                assertTrue(errors.get(0).contains(name), errors.get(0));
                assertEquals(v[1], engine.display("option name " + name + " value"), name + " changed by a bad value");
            }
        }
        // Names are case-insensitive, as in UCI; restore the defaults.
        engine.quiet("setoption name hash value 16");
        engine.quiet("setoption name THREADS value 1");
        engine.quiet("setoption name multipv value 1");
        engine.quiet("setoption name ponder value false");
        engine.quiet("setoption name move overhead value 10");
        engine.quiet("setoption name evaluation value full");
        assertEquals("classic", engine.display("option name Evaluation value")); // full is classic's old name
        engine.quiet("setoption name evaluation value Auto");
        engine.quiet("setoption name egdbpieces value 5");
        assertEquals("auto", engine.display("option name Evaluation value"));
        assertEquals("16", engine.display("option name Hash value"));
        assertEquals("10", engine.display("option name Move Overhead value"));
        assertEquals(1, engine.errors("setoption name NoSuchOption value 3").size());
        assertEquals(1, engine.errors("setoption name Hash").size());
        assertEquals(1, engine.errors("setoption value 3").size());
        assertEquals(1, engine.errors("setoption").size());
    }

    @Test
    void everyVariantSwitchAnnouncesItselfAndPlays() {
        // board names and start positions as docs/rules.md writes them; depth-1 perft from docs/perft.md.
        Object[][] expected = {
                {"brazilian", "8x8", "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8", 7},
                {"international", "10x10", "W:W31-50:B1-20", 9},
                {"english", "8x8", "B:W21-32:B1-12", 7},
                {"hexagonal", "hex80", "W:WKk2,Kk4,h1,h2,h3,h4,h5,h6,h7,h8,i1,i2,i3,i4,i5,i6,i7,j2,j3,j4,j5"
                        + ":BKa2,Ka4,b2,b3,b4,b5,c1,c2,c3,c4,c5,c6,c7,d1,d2,d3,d4,d5,d6,d7,d8", 16},
                {"russian", "8x8", "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8", 7},
        };
        for (Object[] e : expected) {
            String name = (String) e[0];
            Rules rules = Variants.byName(name);
            List<String> out = engine.command("setoption name UCI_Variant value " + name.toUpperCase());
            assertEquals(List.of("info string variant " + name + " board " + e[1] + " startpos " + e[2]), out);
            assertEquals(Fen.parse(rules, (String) e[2]), Fen.parse(rules, engine.position()));
            assertEquals(name, engine.display("option name UCI_Variant value"));
            List<String> legal = legalMoves();
            assertEquals(e[3], legal.size(), name + " legal moves " + legal);
            engine.send("go depth 3");
            String best = engine.expect("bestmove").split(" ")[1];
            assertTrue(legal.contains(best), name + ": " + best + " not in " + legal);
            engine.quiet("ucinewgame");
            engine.quiet("position startpos moves " + best);
            assertEquals(name, engine.display("variant").split(" ")[0]);
        }
        assertEquals(1, engine.errors("setoption name UCI_Variant value checkers").size());
        assertEquals("russian", engine.display("option name UCI_Variant value"));
    }

    @Test
    void theReadmeShellExampleAnswersABestMove() throws Exception {
        String readme = java.nio.file.Files.readString(java.nio.file.Path.of("README.md"));
        int start = readme.indexOf("```sh\n", readme.indexOf("**From a script**")) + 6;
        String script = readme.substring(start, readme.indexOf("```", start))
                .replace("target/damka.jar", EngineUnderTest.jar().toString());
        Process p = new ProcessBuilder("bash", "-c", script).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim();
        assertEquals(0, p.waitFor());
        assertTrue(out.matches("bestmove \\S+( ponder \\S+)?"), out);
        org.damka.game.Game g = new org.damka.game.Game(Variants.INTERNATIONAL,
                Fen.parse(Variants.INTERNATIONAL, Variants.INTERNATIONAL.startFen()));
        for (String m : List.of("32-28", "19-23", "28x19", "14x23")) g.play(m);
        assertTrue(g.legalMoveTexts().contains(out.split(" ")[1]), out);
    }

    /** A finished game lists no legal move, as position … moves refuses any (the fuzz run found a1-b2 listed and refused). */
    @Test
    void aFinishedGameListsNoLegalMove() {
        engine.command("setoption name UCI_Variant value russian");
        engine.command("position fen W:Wa1:B");
        assertEquals(List.of("info string legalmoves"), engine.command("legalmoves"));
        assertEquals(1, engine.errors("position fen W:Wa1:B moves a1-b2").size());
        engine.command("position fen W:Wa1:Bh8");
        assertEquals(List.of("info string legalmoves a1-b2"), engine.command("legalmoves"));
        engine.command("position startpos");
    }

    private static List<String> legalMoves() {
        List<String> out = engine.command("legalmoves");
        assertEquals(1, out.size(), out.toString());
        assertTrue(out.get(0).startsWith("info string legalmoves"), out.get(0));
        return Arrays.asList(out.get(0).substring("info string legalmoves ".length()).split(" "));
    }
}
