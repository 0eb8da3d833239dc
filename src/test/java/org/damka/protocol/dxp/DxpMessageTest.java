package org.damka.protocol.dxp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The byte layout of every DamExchange message, checked against the field tables of the
 * DamExchange protocol description at mesander.nl/damexchange (egamereq.htm, egameacc.htm,
 * emove.htm, egameend.htm, echat.htm; backreq.htm for BACKREQ; the BACKACC codes as that site
 * describes them and pydraughts' draughts/engines/dxp_communication/dxp_classes.py sends them):
 * the expected strings below are built field by field from those widths, not from the encoder.
 * The two MOVE examples are the ones printed on emove.htm.
 */
class DxpMessageTest {
    private static final String NAME32 = "damka" + " ".repeat(27); // name padded with blanks to 32

    @Test
    void gameRequestWithTheStartPosition() {
        // header R | version 2 | initiator name 32 | follower colour 1 | minutes 3 | moves 3 | 'A'
        String expected = "R" + "01" + NAME32 + "Z" + "005" + "075" + "A";
        assertEquals(43, expected.length());
        DxpMessage m = new DxpMessage.GameReq(1, "damka", 'Z', 5, 75, 'W', null);
        assertEquals(expected, m.encode());
        assertEquals(m, decode(expected));
    }

    @Test
    void gameRequestWithAPosition() {
        String position = "z".repeat(20) + "e".repeat(10) + "w".repeat(20);
        // ... | 'B' | colour to move 1 | position 50
        String expected = "R" + "01" + NAME32 + "W" + "120" + "000" + "B" + "Z" + position;
        assertEquals(94, expected.length());
        DxpMessage m = new DxpMessage.GameReq(1, "damka", 'W', 120, 0, 'Z', position);
        assertEquals(expected, m.encode());
        assertEquals(m, decode(expected));
    }

    @Test
    void gameAccept() {
        // header A | follower name 32 | acceptance code 1
        assertEquals("A" + NAME32 + "0", new DxpMessage.GameAcc("damka", '0').encode());
        assertEquals("A" + NAME32 + "2", new DxpMessage.GameAcc("  damka", '2').encode(), "no leading blank");
        String longName = "x".repeat(40);
        assertEquals("A" + "x".repeat(32) + "3", new DxpMessage.GameAcc(longName, '3').encode());
        assertEquals(new DxpMessage.GameAcc("Some Engine 1.0", '1'), decode("A" + pad("Some Engine 1.0") + "1"));
    }

    @Test
    void moves() {
        // header M | seconds 4 | from 2 | to 2 | number captured 2 | captured 2 each
        assertEquals("M" + "0003" + "32" + "28" + "00", new DxpMessage.Move(3, 32, 28, new int[0]).encode());
        assertEquals("M" + "0000" + "32" + "12" + "02" + "27" + "17", new DxpMessage.Move(0, 32, 12, new int[] {27, 17}).encode());
        assertEquals("M" + "9999" + "05" + "01" + "00", new DxpMessage.Move(12_345, 5, 1, new int[0]).encode(), "time is capped at 9999");
        // The two examples of the MOVE page: 6-11 after 12 s, and 5x25 taking 22, 12, 23 and 20.
        DxpMessage.Move quiet = (DxpMessage.Move) decode("M0012061100");
        assertEquals(12, quiet.seconds());
        assertEquals(6, quiet.from());
        assertEquals(11, quiet.to());
        assertEquals(0, quiet.captured().length);
        DxpMessage.Move capture = (DxpMessage.Move) decode("M001205250422122320");
        assertEquals(5, capture.from());
        assertEquals(25, capture.to());
        assertArrayEquals(new int[] {22, 12, 23, 20}, capture.captured());
    }

    @Test
    void gameEndChatBackRequestAndBackAccept() {
        assertEquals("E" + "2" + "0", new DxpMessage.GameEnd('2', '0').encode());
        assertEquals(new DxpMessage.GameEnd('0', '1'), decode("E01"));
        assertEquals("Cgood game", new DxpMessage.Chat("good game").encode());
        assertEquals(new DxpMessage.Chat("What about move 35?"), decode("CWhat about move 35?"));
        assertEquals(127, new DxpMessage.Chat("y".repeat(300)).encode().length(), "a message is at most 127 characters");
        assertEquals("B" + "005" + "Z", new DxpMessage.BackReq(5, 'Z').encode());
        assertEquals(new DxpMessage.BackReq(12, 'W'), decode("B012W"));
        assertEquals("K" + "1", new DxpMessage.BackAcc('1').encode());
        assertEquals(new DxpMessage.BackAcc('0'), decode("K0"));
    }

    @Test
    void malformedMessagesNameTheField() {
        assertTrue(error("M00a3322800").contains("time"));
        assertTrue(error("M000332280").contains("number captured"));
        assertTrue(error("M00033228012").contains("captured piece 1"));
        assertTrue(error("M000332280027").contains("more"));
        assertTrue(error("R01" + NAME32 + "X005075A").contains("follower color"));
        assertTrue(error("R01" + NAME32 + "Z005075C").contains("starting position"));
        assertTrue(error("R01" + NAME32 + "Z005075BW" + "e".repeat(20)).contains("position"));
        assertTrue(error("E5").contains("reason"));
        assertTrue(error("K7").contains("acceptance"));
        assertTrue(error("Q").contains("unknown"));
        assertTrue(error("").contains("empty"));
        assertTrue(error("C\u00e9").contains("ASCII"));
    }

    private static String pad(String name) {
        return name + " ".repeat(32 - name.length());
    }

    /**
     * Random and mutated messages (valid ones cut, doubled, corrupted; random text): each is read
     * as a message or refused with a {@link DxpFormatException}, never with another exception,
     * and what is read writes back to a message that reads the same (a peer's bytes never reach
     * the session half-understood). {@code -Dfuzz.seed=N} repeats a run.
     */
    @Test
    void anyTextIsReadOrRefusedCleanly() {
        long seed = Long.getLong("fuzz.seed", System.nanoTime());
        java.util.Random rnd = new java.util.Random(seed);
        String[] valid = {"R01" + NAME32 + "Z005075A", "R01" + NAME32 + "W120000BZ" + "z".repeat(20) + "e".repeat(10) + "w".repeat(20),
                "A" + NAME32 + "0", "M0012343202230328", "M0003343000", "E00", "E11", "CHello there", "B001W", "K0", "K2"};
        int read = 0;
        for (int n = 0; n < 200_000; n++) {
            String text;
            if (rnd.nextInt(4) == 0) {
                StringBuilder sb = new StringBuilder();
                for (int k = rnd.nextInt(120); k > 0; k--) sb.append((char) rnd.nextInt(160));
                text = sb.toString();
            } else {
                StringBuilder sb = new StringBuilder(valid[rnd.nextInt(valid.length)]);
                for (int k = 1 + rnd.nextInt(3); k > 0 && sb.length() > 0; k--) {
                    int at = rnd.nextInt(sb.length());
                    switch (rnd.nextInt(4)) {
                        case 0 -> sb.setLength(at);
                        case 1 -> sb.insert(at, sb.charAt(at));
                        case 2 -> sb.setCharAt(at, "0123456789ZWzwe -+x\u0000".charAt(rnd.nextInt(20)));
                        default -> sb.deleteCharAt(at);
                    }
                }
                text = sb.toString();
            }
            DxpMessage m;
            try {
                m = DxpMessage.decode(text);
            } catch (DxpFormatException e) {
                continue;
            } catch (RuntimeException e) {
                throw new AssertionError("seed " + seed + ": '" + text + "' threw " + e, e);
            }
            read++;
            // A chat's control characters are written as '?' (we never send them): its text reads back as written.
            DxpMessage again = decode(m.encode());
            if (m instanceof DxpMessage.Chat) assertEquals(m.encode(), again.encode(), "seed " + seed + ": '" + text + "'");
            else assertEquals(m, again, "seed " + seed + ": '" + text + "' read as " + m);
        }
        assertTrue(read > 1000, "seed " + seed + ": only " + read + " messages were readable");
    }

    private static DxpMessage decode(String s) {
        try {
            return DxpMessage.decode(s);
        } catch (DxpFormatException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    private static String error(String s) {
        return assertThrows(DxpFormatException.class, () -> DxpMessage.decode(s)).getMessage();
    }
}
