package org.damka.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The text a client's messages quote back. */
class ClientTest {
    /** A long name of emoji was cut between the two halves of one (a lone surrogate, shown as '?'). */
    @Test
    void anAbbreviationKeepsWholeCharacters() {
        assertEquals("short", Client.abbreviate("short"));
        String emoji = "\uD83D\uDE00"; // one character, two chars
        assertEquals(emoji.repeat(20) + "…", Client.abbreviate(emoji.repeat(25)));
        assertEquals("x" + emoji.repeat(19) + "…", Client.abbreviate("x" + emoji.repeat(25))); // was cut at char 20: half an emoji
        assertEquals(emoji.repeat(20), Client.abbreviate(emoji.repeat(20))); // 20 characters: whole
    }
}
