package org.damka.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The Hub line syntax: command, name=value pairs, quoted values, bare flags. */
class HubLineTest {

    @Test
    void readsPairsQuotedValuesAndFlags() {
        HubLine l = HubLine.parse("pos pos=Wbbbbbeeeew moves=\"32-28 19-23 28x19x23\"");
        assertEquals("pos", l.command());
        assertEquals("Wbbbbbeeeew", l.value("pos"));
        assertEquals("32-28 19-23 28x19x23", l.value("moves"));
        assertNull(l.error());

        HubLine go = HubLine.parse("  go   ponder ");
        assertEquals("go", go.command());
        assertTrue(go.has("ponder"));
        assertNull(go.value("ponder"));
        assertFalse(go.has("think"));

        HubLine spaced = HubLine.parse("set-param name = variant value=\"\"");
        assertEquals("variant", spaced.value("name"));
        assertEquals("", spaced.value("value"));
    }

    @Test
    void badLinesReportAnErrorInsteadOfThrowing() {
        HubLine open = HubLine.parse("pos moves=\"32-28");
        assertNotNull(open.error());
        assertTrue(open.error().contains("quote"), open.error());
        assertNotNull(HubLine.parse("=oops").error());
        assertEquals("", HubLine.parse("").command());
        assertNull(HubLine.parse("").error());
    }

    @Test
    void quotesOnlyWhenNeeded() {
        assertEquals("name=damka", HubLine.pair("name", "damka"));
        assertEquals("pv=\"32-28 19-23\"", HubLine.pair("pv", "32-28 19-23"));
        assertEquals("message=\"\"", HubLine.pair("message", ""));
        assertEquals("message=\"a=b\"", HubLine.pair("message", "a=b"));
        // A quote cannot be escaped in Hub: it becomes an apostrophe, and the line still parses.
        String line = "error " + HubLine.pair("message", "bad \"x\"");
        assertEquals("bad 'x'", HubLine.parse(line).value("message"));
    }
}
