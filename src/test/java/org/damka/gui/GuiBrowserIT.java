package org.damka.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.damka.board.Fen;
import org.damka.game.Game;
import org.damka.movegen.MoveList;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The board in a real browser (headless Chromium): complete games against the engine in every
 * variant and a hotseat game, played by clicking; a multi-capture in every variant (with
 * screenshots in target/gui-screenshots); an online game between two browsers joined by room
 * code in which one player reloads mid-game.
 */
class GuiBrowserIT {
    static final Path SHOTS = Path.of("target", "gui-screenshots");
    /** No game here is longer: every variant's draw rules end a game well before. */
    static final int MAX_PLIES = 600;

    static GuiServer server;

    @BeforeAll
    static void start() throws Exception {
        Browser.assumeInstalled();
        server = new GuiServer("127.0.0.1", 0);
        server.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) server.close();
    }

    static String url() {
        return server.uri().toString();
    }

    @ParameterizedTest
    @ValueSource(strings = {"russian", "brazilian", "international", "english", "hexagonal"})
    void aCompleteGameAgainstTheEngine(String variant) throws Exception {
        try (Browser b = new Browser(560, 900)) {
            b.driver.get(url());
            b.select("variant", variant);
            b.select("side", "white");
            b.select("level", "easy");
            b.id("play-engine").click();
            b.waitFor(Duration.ofSeconds(10), d -> b.state() != null);
            b.boardShot(SHOTS.resolve(variant + "-start.png"));
            int moves = 0;
            while (true) {
                b.waitFor(Duration.ofSeconds(60), d -> b.over() || b.myTurn());
                if (b.over()) break;
                assertTrue(b.ply() < MAX_PLIES, "game too long");
                b.clickMove(b.legal().get(0));
                moves++;
            }
            Map<?, ?> result = (Map<?, ?>) b.state().get("result");
            assertNotNull(result.get("reason"));
            assertTrue(b.id("result").isDisplayed());
            assertTrue(b.id("result").getText().contains((String) result.get("reason")));
            // said from the player's side (White here)
            String outcome = Map.of("1-0", "(you win)", "0-1", "(damka wins)", "1/2-1/2", "(draw)").get((String) result.get("score"));
            assertTrue(b.id("result").getText().endsWith(outcome), b.id("result").getText());
            assertTrue(moves > 0);
            // the page's move list holds every move of the game
            List<?> played = (List<?>) b.state().get("moves");
            assertEquals(played.size(), ((Number) b.js("return document.querySelectorAll('#moves span').length")).intValue());
        }
    }

    @Test
    void aHotseatGameToItsEnd() throws Exception {
        try (Browser b = new Browser(1000, 800)) {
            hotseat(b, "russian");
            assertEquals("both", b.seat());
            Random random = new Random(16);
            while (!b.over()) {
                assertTrue(b.ply() < MAX_PLIES, "game too long");
                List<Map<String, Object>> legal = b.legal();
                b.clickMove(legal.get(random.nextInt(legal.size())));
            }
            // undo takes back one move in hotseat, and the game goes on
            long end = b.ply();
            b.id("undo").click();
            b.waitFor(Duration.ofSeconds(10), d -> b.ply() == end - 1);
            assertFalse(b.over());
        }
    }

    /** Moves could only be clicked or dragged: typed in the variant's notation, with Enter. */
    @Test
    void aMoveCanBeTyped() throws Exception {
        try (Browser b = new Browser(1000, 800)) {
            hotseat(b, "international");
            assertTrue(b.id("move-text").getAttribute("placeholder").startsWith("Type a move, e.g. "));
            b.id("move-text").sendKeys("32-28" + org.openqa.selenium.Keys.ENTER);
            b.waitFor(Duration.ofSeconds(10), d -> b.ply() == 1);
            assertEquals(List.of("32-28"), b.state().get("moves"));
            b.id("move-text").sendKeys("32-28" + org.openqa.selenium.Keys.ENTER);
            b.waitFor(Duration.ofSeconds(10), d -> b.id("message").getText().startsWith("illegal move '32-28'; legal moves: "));
            assertEquals(1, b.ply());
            assertEquals("32-28", b.id("move-text").getAttribute("value"), "a refused move stays to be mended");
            b.id("move-text").clear();
            b.id("move-text").sendKeys("19-23" + org.openqa.selenium.Keys.ENTER);
            b.waitFor(Duration.ofSeconds(10), d -> b.ply() == 2);
            assertEquals("", b.id("move-text").getAttribute("value"), "a played move leaves the box");
        }
    }

    /** The lobby's clock: shown and counting down for the side to move; an engine game has none. */
    @Test
    void aClockChosenInTheLobbyCountsDown() throws Exception {
        try (Browser b = new Browser(1000, 800)) {
            b.driver.get(url());
            b.select("clock", "1+0");
            hotseat(b, "russian");
            assertEquals("White 1:00", b.id("clock-white").getText());
            assertEquals("Black 1:00", b.id("clock-black").getText());
            b.clickMove(b.legal().get(0));
            b.waitFor(Duration.ofSeconds(5), d -> b.id("clock-black").getText().matches("Black 0:5\\d"));
            assertTrue(b.id("clock-black").getAttribute("class").contains("running"));
            assertEquals("White 1:00", b.id("clock-white").getText());
            b.id("leave").click();
            b.id("leave").click(); // a game going on: asked first
            b.waitFor(Duration.ofSeconds(10), d -> b.id("lobby").isDisplayed());
            assertEquals("1+0", b.id("clock").getAttribute("value"), "the choice outlives the reload");
            b.id("play-engine").click();
            b.waitFor(Duration.ofSeconds(10), d -> b.state() != null);
            assertTrue(b.id("clocks").isDisplayed(), "against the engine too: the engine thinks within its time");
        }
    }

    /** Starts a hotseat game of the variant from the lobby. */
    static void hotseat(Browser b, String variant) {
        b.driver.get(url());
        b.select("variant", variant);
        b.id("play-hotseat").click();
        b.waitFor(Duration.ofSeconds(10), d -> b.state() != null);
    }

    /** Starts a hotseat game and sets up a position by pasting it into the import box. */
    static void hotseatFrom(Browser b, String variant, String fen) {
        hotseat(b, variant);
        b.js("document.getElementById('io-panel').open = true;");
        b.id("io").clear();
        b.id("io").sendKeys(fen);
        b.id("import").click();
        b.waitFor(Duration.ofSeconds(10), d -> fen.equals(b.state().get("fen")));
    }

    /** Plays random moves in a game until a capture of two pieces or more is legal. */
    static Game gameWithMultiCapture(Rules rules, long seed) {
        Random random = new Random(seed);
        for (int attempt = 0; attempt < 1000; attempt++) {
            Game g = new Game(rules, Fen.parse(rules, rules.startFen()));
            while (g.result().isEmpty() && g.plies() < 200) {
                MoveList list = g.legalMoves(new MoveList());
                for (int i = 0; i < list.size(); i++) if (list.captureCount(i) >= 2) return g;
                g.play(list, random.nextInt(list.size()));
            }
        }
        throw new AssertionError("no multi-capture found");
    }

    @ParameterizedTest
    @ValueSource(strings = {"russian", "brazilian", "international", "english", "hexagonal"})
    void aMultiCaptureIsPlayedAndShownJumpByJump(String variant) throws Exception {
        Rules rules = Variants.byName(variant);
        Game g = gameWithMultiCapture(rules, variant.length());
        String fen = Fen.format(rules, g.position());
        try (Browser b = new Browser(560, 900)) {
            hotseatFrom(b, variant, fen);
            Map<String, Object> capture = b.legal().stream()
                    .filter(m -> ((List<?>) m.get("captured")).size() >= 2).findFirst().orElseThrow();
            b.clickMove(capture);
            Map<?, ?> last = (Map<?, ?>) b.state().get("last");
            assertEquals(capture.get("text"), last.get("text"));
            // the piece is first drawn on its starting square, then jumps along the path
            b.waitFor(Duration.ofSeconds(10), d -> Boolean.FALSE.equals(b.js("return window.damka.animating > 0;")));
            b.boardShot(SHOTS.resolve(variant + "-capture.png"));
            List<?> path = (List<?>) capture.get("path");
            String end = (String) path.get(path.size() - 1);
            assertEquals(1L, b.js("return document.querySelectorAll('#pieces .piece[data-cell=\"" + end + "\"]').length;"));
            for (Object c : (List<?>) capture.get("captured")) {
                assertEquals(0L, b.js("return document.querySelectorAll('#pieces .piece[data-cell=\"" + c + "\"]').length;"));
            }
        }
    }

    /** Random games until two legal captures share their first and last squares; null if none. */
    static Game gameWithCapturesSharingEnds(Rules rules, long seed, int games) {
        Random random = new Random(seed);
        for (int attempt = 0; attempt < games; attempt++) {
            Game g = new Game(rules, Fen.parse(rules, rules.startFen()));
            while (g.result().isEmpty() && g.plies() < 300) {
                MoveList list = g.legalMoves(new MoveList());
                for (int i = 0; i < list.size(); i++) {
                    for (int j = i + 1; j < list.size(); j++) {
                        if (list.isCapture(i) && list.from(i) == list.from(j) && list.to(i) == list.to(j)) return g;
                    }
                }
                g.play(list, random.nextInt(list.size()));
            }
        }
        return null;
    }

    @Test
    void capturesSharingTheirEndsArePickedFromAChooser() throws Exception {
        Rules rules = Variants.INTERNATIONAL;
        Game g = gameWithCapturesSharingEnds(rules, 1, 20_000);
        assertNotNull(g, "no position with two captures sharing their ends found");
        String fen = Fen.format(rules, g.position());
        try (Browser b = new Browser(1000, 800)) {
            hotseatFrom(b, rules.name(), fen);
            List<Map<String, Object>> legal = b.legal();
            Map<String, Object> wanted = null;
            for (Map<String, Object> m : legal) {
                List<?> p = (List<?>) m.get("path");
                long same = legal.stream().filter(o -> ((List<?>) o.get("path")).get(0).equals(p.get(0))
                        && ((List<?>) o.get("path")).get(((List<?>) o.get("path")).size() - 1).equals(p.get(p.size() - 1))).count();
                if (same > 1) wanted = m;
            }
            assertNotNull(wanted);
            List<?> path = (List<?>) wanted.get("path");
            b.cell((String) path.get(0)).click();
            b.cell((String) path.get(path.size() - 1)).click();
            assertTrue(b.id("chooser").isDisplayed(), "the chooser is shown");
            assertTrue(b.id("chooser-moves").findElements(org.openqa.selenium.By.tagName("button")).size() >= 2);
            b.screenshot(SHOTS.resolve("capture-chooser.png"));
            long before = b.ply();
            org.openqa.selenium.WebElement button = b.driver.findElement(
                    org.openqa.selenium.By.cssSelector("#chooser-moves button[data-move='" + wanted.get("text") + "']"));
            // a touch screen has no hover: a first tap shows the capture's path (it played at once)
            var finger = new org.openqa.selenium.interactions.PointerInput(org.openqa.selenium.interactions.PointerInput.Kind.TOUCH, "finger");
            var tap = new org.openqa.selenium.interactions.Sequence(finger, 0);
            tap.addAction(finger.createPointerMove(Duration.ZERO, org.openqa.selenium.interactions.PointerInput.Origin.fromElement(button), 0, 0));
            tap.addAction(finger.createPointerDown(org.openqa.selenium.interactions.PointerInput.MouseButton.LEFT.asArg()));
            tap.addAction(finger.createPointerUp(org.openqa.selenium.interactions.PointerInput.MouseButton.LEFT.asArg()));
            ((org.openqa.selenium.interactions.Interactive) b.driver).perform(List.of(tap));
            b.waitFor(Duration.ofSeconds(5), d -> b.cell((String) path.get(1)).getAttribute("class").contains("path"));
            assertEquals(before, b.ply(), "the first tap plays nothing");
            button.click(); // a mouse click plays it
            b.waitFor(Duration.ofSeconds(10), d -> b.ply() > before);
            assertEquals(wanted.get("text"), ((Map<?, ?>) b.state().get("last")).get("text"));
        }
    }

    @Test
    void aPieceCanBeDragged() throws Exception {
        try (Browser b = new Browser(1000, 800)) {
            b.driver.get(url());
            b.select("variant", "english");
            b.id("play-hotseat").click();
            b.waitFor(Duration.ofSeconds(10), d -> b.state() != null);
            Map<String, Object> move = b.legal().get(0);
            List<?> path = (List<?>) move.get("path");
            new org.openqa.selenium.interactions.Actions(b.driver)
                    .clickAndHold(b.cell((String) path.get(0)))
                    .moveToElement(b.cell((String) path.get(path.size() - 1)))
                    .release().perform();
            b.waitFor(Duration.ofSeconds(10), d -> b.ply() == 1);
            assertEquals(move.get("text"), ((List<?>) b.state().get("moves")).get(0));
        }
    }

    @Test
    void anOnlineGameByRoomCodeSurvivesAReload() throws Exception {
        try (Browser host = new Browser(1000, 800); Browser guest = new Browser(420, 860)) {
            host.driver.get(url());
            host.id("join-room").click(); // no code: said in the lobby (it was written into the hidden board)
            assertEquals("Enter a room code", host.id("lobby-message").getText());
            String code = createRussianRoom(host);
            assertTrue(code.matches("[0-9A-Z]{10}"), code);
            assertEquals("white", host.seat());

            guest.driver.get(url());
            guest.id("room-code").sendKeys(code.toLowerCase());
            guest.id("join-room").click();
            guest.waitFor(Duration.ofSeconds(10), d -> guest.state() != null);
            assertEquals("black", guest.seat());
            host.waitFor(Duration.ofSeconds(10), d -> "connected".equals(((Map<?, ?>) host.state().get("seats")).get("black")));

            Random random = new Random(3);
            boolean reloaded = false;
            while (!host.over()) {
                assertTrue(host.ply() < MAX_PLIES, "game too long");
                Browser mover = host.myTurn() ? host : guest;
                mover.waitFor(Duration.ofSeconds(10), d -> mover.myTurn());
                long ply = mover.ply();
                List<Map<String, Object>> legal = mover.legal();
                mover.clickMove(legal.get(random.nextInt(legal.size())));
                Browser other = mover == host ? guest : host;
                other.waitFor(Duration.ofSeconds(10), d -> other.ply() == ply + 1);
                if (!reloaded && ply == 10) {
                    guest.screenshot(SHOTS.resolve("online-phone.png"));
                    guest.driver.navigate().refresh();
                    guest.waitFor(Duration.ofSeconds(10), d -> guest.state() != null && guest.ply() == ply + 1);
                    assertEquals("black", guest.seat(), "the reloaded player keeps the seat");
                    reloaded = true;
                }
            }
            assertTrue(reloaded);
            assertEquals(host.state().get("fen"), guest.state().get("fen"));
            assertTrue(guest.id("result").isDisplayed());
        }
    }

    /** Creates an online russian room from the lobby on the host's page, the host White; its code. */
    static String createRussianRoom(Browser host) {
        host.select("variant", "russian");
        host.select("side", "white");
        host.id("create-room").click();
        return host.waitFor(Duration.ofSeconds(10), d -> d.findElements(org.openqa.selenium.By.id("code")).isEmpty()
                ? null : host.id("code").getText());
    }

    /** Opens an online russian room in the host's browser and seats the guest by its link. */
    static void onlineRoom(Browser host, Browser guest) {
        host.driver.get(url());
        String code = createRussianRoom(host);
        guest.driver.get(url() + "#" + code);
        guest.waitFor(Duration.ofSeconds(10), d -> guest.state() != null);
        assertEquals("black", guest.seat());
    }

    /** Names typed in the lobby are shown to the other player; the room's link can be copied. */
    @Test
    void aNameFromTheLobbyIsShownAndTheLinkCopied() throws Exception {
        try (Browser host = new Browser(1000, 800); Browser guest = new Browser(420, 860)) {
            host.driver.get(url());
            host.id("name").sendKeys("Ann");
            String code = createRussianRoom(host);
            guest.driver.get(url());
            guest.id("name").sendKeys("Bo");
            guest.id("room-code").sendKeys(code);
            guest.id("join-room").click();
            host.waitFor(Duration.ofSeconds(10), d -> host.id("seats").getText().startsWith("White: Ann (connected), Black: Bo (connected)"));
            host.id("copy-link").click();
            host.waitFor(Duration.ofSeconds(5), d -> host.id("message").getText().startsWith("Link copied")
                    || host.id("message").getText().startsWith("The link is selected"));
            guest.driver.navigate().refresh();
            guest.waitFor(Duration.ofSeconds(10), d -> guest.state() != null);
            guest.id("leave").click(); // to the lobby (nothing played: no question)
            guest.waitFor(Duration.ofSeconds(10), d -> guest.id("lobby").isDisplayed());
            assertEquals("Bo", guest.id("name").getAttribute("value"), "the name outlives a reload");
        }
    }

    /**
     * Online a player could neither resign nor offer a draw (a game the other would not finish
     * never ended), and every new game had the same colours: by the buttons, in two browsers.
     */
    @Test
    void onlinePlayersOfferADrawResignAndSwapColours() throws Exception {
        try (Browser host = new Browser(1000, 800); Browser guest = new Browser(420, 860)) {
            onlineRoom(host, guest);
            guest.id("draw").click();
            host.waitFor(Duration.ofSeconds(10), d -> host.id("draw").getText().equals("Accept the draw"));
            assertTrue(host.id("status").getText().contains("Black offers a draw"), host.id("status").getText());
            assertEquals("Draw offered", guest.id("draw").getText());
            assertFalse(guest.id("draw").isEnabled());
            host.id("decline").click();
            guest.waitFor(Duration.ofSeconds(10), d -> guest.id("draw").getText().equals("Offer a draw"));
            assertFalse(host.id("decline").isDisplayed());

            // resigning asks for a second click
            host.id("resign").click();
            assertEquals("Resign? Click again", host.id("resign").getText());
            Thread.sleep(300);
            assertFalse(host.over(), "one click resigns nothing");
            host.id("resign").click();
            guest.waitFor(Duration.ofSeconds(10), d -> guest.over());
            assertTrue(guest.id("result").getText().contains("White resigned (you win)"), guest.id("result").getText());
            host.waitFor(Duration.ofSeconds(10), d -> host.over());
            assertTrue(host.id("result").getText().endsWith("(you lose)"), host.id("result").getText());
            assertFalse(host.id("resign").isEnabled());

            guest.id("newgame").click();
            host.waitFor(Duration.ofSeconds(10), d -> host.id("newgame").getText().equals("Accept a new game"));
            assertTrue(host.over(), "one player's click keeps the result on the other's screen");
            assertEquals("New game asked", guest.id("newgame").getText());
            host.id("newgame").click();
            host.waitFor(Duration.ofSeconds(10), d -> "black".equals(host.seat()) && host.ply() == 0 && !host.over());
            guest.waitFor(Duration.ofSeconds(10), d -> "white".equals(guest.seat()) && guest.myTurn());
            assertEquals("New game: you play black", host.id("message").getText());
            assertTrue(host.id("room-info").getText().contains("you play black"), host.id("room-info").getText());
            guest.clickMove(guest.legal().get(0));
            host.waitFor(Duration.ofSeconds(10), d -> host.myTurn());
        }
    }

    /**
     * A player who closed the tab lost the seat for good (its token lived in the tab); a watcher
     * who reloaded took the seat meant for the friend; a code typed with O for 0 lost the seat;
     * the Lobby button left a game without asking.
     */
    @Test
    void seatsSurviveAClosedTabAWatchersReloadAndATypedCode() throws Exception {
        try (Browser host = new Browser(1000, 800); Browser guest = new Browser(1000, 800); Browser watcher = new Browser(1000, 800)) {
            host.driver.get(url());
            String code = createRussianRoom(host);
            watcher.driver.get(url());
            watcher.id("room-code").sendKeys(code);
            watcher.id("watch-room").click();
            watcher.waitFor(Duration.ofSeconds(10), d -> watcher.state() != null);
            assertEquals("spectator", watcher.seat());
            assertEquals("Play black", watcher.id("take-seat").getText());
            watcher.driver.navigate().refresh();
            watcher.waitFor(Duration.ofSeconds(10), d -> watcher.state() != null);
            assertEquals("spectator", watcher.seat(), "a reload keeps a watcher watching");

            guest.driver.get(url() + "#" + code);
            guest.waitFor(Duration.ofSeconds(10), d -> guest.state() != null);
            assertEquals("black", guest.seat());
            watcher.waitFor(Duration.ofSeconds(10), d -> !watcher.id("take-seat").isDisplayed());
            host.waitFor(Duration.ofSeconds(10), d -> host.myTurn());
            host.clickMove(host.legal().get(0));

            // the guest closes its tab and opens the link in a new one
            String old = guest.driver.getWindowHandle();
            guest.driver.switchTo().newWindow(org.openqa.selenium.WindowType.TAB);
            String fresh = guest.driver.getWindowHandle();
            guest.driver.switchTo().window(old).close();
            // the watcher sees the seat away, held for its player for the claim time: the offer to
            // take it counts down, and a click meanwhile does nothing (it once asked and was refused)
            watcher.waitFor(Duration.ofSeconds(10), d -> watcher.id("take-seat").isDisplayed());
            String waiting = watcher.id("take-seat").getText();
            assertTrue(waiting.matches("Play black \\(free in \\d+ s\\)"), waiting);
            assertFalse(watcher.id("take-seat").isEnabled());
            watcher.waitFor(Duration.ofSeconds(5), d -> !watcher.id("take-seat").getText().equals(waiting));
            assertTrue(watcher.id("take-seat").getText().matches("Play black \\(free in \\d+ s\\)"), "it counts down");
            assertEquals("spectator", watcher.seat());
            guest.driver.switchTo().window(fresh);
            guest.driver.get(url() + "#" + code);
            guest.waitFor(Duration.ofSeconds(10), d -> guest.state() != null && guest.ply() == 1);
            assertEquals("black", guest.seat());

            guest.id("leave").click();
            assertEquals("Leave the game? Click again", guest.id("leave").getText());
            guest.id("leave").click();
            guest.waitFor(Duration.ofSeconds(10), d -> guest.id("lobby").isDisplayed());
            assertEquals("Back to the last game (" + code + ")", guest.id("back-to-game").getText());
            guest.id("room-code").sendKeys(code.toLowerCase().replace('0', 'o').replace('1', 'l'));
            guest.id("join-room").click();
            guest.waitFor(Duration.ofSeconds(10), d -> guest.state() != null && guest.ply() == 1);
            assertEquals("black", guest.seat());
            guest.waitFor(Duration.ofSeconds(10), d -> guest.myTurn());
        }
    }

    /**
     * A seat whose player left, waited out: the watcher's offer and the player's claim count down
     * to the claim time, then become buttons that work (the test above stops at the countdown).
     */
    @Test
    void aLeftSeatCountsDownToASeatToTakeAndAWinToClaim() throws Exception {
        // 8 s: the countdowns are read on two pages one after the other, by WebDriver calls that
        // can take seconds on a loaded machine; with a shorter claim the second could miss its own.
        try (GuiServer quick = new GuiServer("127.0.0.1", 0, GuiLimits.defaults().withSeatClaim(Duration.ofSeconds(8)));
             Browser host = new Browser(1000, 800); Browser guest = new Browser(1000, 800); Browser watcher = new Browser(1000, 800)) {
            quick.start();
            String url = quick.uri().toString();
            host.driver.get(url);
            String code = createRussianRoom(host);
            guest.driver.get(url + "#" + code);
            guest.waitFor(Duration.ofSeconds(10), d -> "black".equals(guest.seat()));
            watcher.driver.get(url);
            watcher.id("room-code").sendKeys(code);
            watcher.id("watch-room").click();
            watcher.waitFor(Duration.ofSeconds(10), d -> "spectator".equals(watcher.seat()));

            // the guest goes to another address in its tab: the page, frozen in the back-forward
            // cache, kept its socket and the seat "connected" for 75 s
            guest.driver.get("about:blank");
            watcher.waitFor(Duration.ofSeconds(10), d -> watcher.id("take-seat").isDisplayed()
                    && watcher.id("take-seat").getText().startsWith("Play black (free in"));
            assertFalse(watcher.id("take-seat").isEnabled());
            host.waitFor(Duration.ofSeconds(10), d -> host.id("claim").isDisplayed()
                    && host.id("claim").getText().startsWith("Claim the win (in"));
            assertFalse(host.id("claim").isEnabled());

            // Back: the page comes back (from the cache, or loaded again) to its seat, with one socket
            guest.driver.navigate().back();
            guest.waitFor(Duration.ofSeconds(10), d -> "black".equals(guest.seat()) && guest.state() != null);
            watcher.waitFor(Duration.ofSeconds(10), d -> !watcher.id("take-seat").isDisplayed());
            assertEquals(Map.of("white", "connected", "black", "connected"), watcher.state().get("seats"));
            guest.driver.get("about:blank"); // and away again, for good
            watcher.waitFor(Duration.ofSeconds(10), d -> watcher.id("take-seat").isDisplayed());

            // no message from the server comes in between: the pages count to 0 on their own
            watcher.waitFor(Duration.ofSeconds(15), d -> watcher.id("take-seat").isEnabled());
            assertEquals("Play black", watcher.id("take-seat").getText());
            host.waitFor(Duration.ofSeconds(15), d -> host.id("claim").isEnabled());
            assertEquals("Claim the win", host.id("claim").getText());

            watcher.id("take-seat").click();
            watcher.waitFor(Duration.ofSeconds(10), d -> "black".equals(watcher.seat()));
            host.waitFor(Duration.ofSeconds(10), d -> !host.id("claim").isDisplayed());
            assertFalse(host.over(), "the seat is taken, the game goes on");
        }
    }

    @Test
    void undoExportImportAndAnalysisAroundTheBoard() throws Exception {
        try (Browser b = new Browser(1000, 800)) {
            b.driver.get(url());
            b.select("variant", "international");
            b.select("side", "white");
            b.id("play-engine").click();
            b.waitFor(Duration.ofSeconds(10), d -> b.myTurn());
            b.clickMove(b.legal().get(0));
            b.waitFor(Duration.ofSeconds(30), d -> b.myTurn() && b.ply() == 2);
            // undo against the engine takes back the engine's reply and the player's move
            b.id("undo").click();
            b.waitFor(Duration.ofSeconds(10), d -> b.ply() == 0);

            b.js("document.getElementById('io-panel').open = true;");
            String pdn = "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *";
            b.id("io").clear();
            b.id("io").sendKeys(pdn);
            b.id("import").click();
            b.waitFor(Duration.ofSeconds(10), d -> b.ply() == 4);
            assertEquals(List.of("32-28", "19-23", "28x19", "14x23"), b.state().get("moves"));
            b.id("export-pdn").click();
            b.waitFor(Duration.ofSeconds(10), d -> b.id("io").getAttribute("value").contains("[GameType \"20\"]"));
            assertTrue(b.id("io").getAttribute("value").contains("1. 32-28 19-23 2. 28x19 14x23"));
            b.id("export-fen").click();
            assertEquals(b.state().get("fen"), b.id("io").getAttribute("value"));
            b.id("io").clear();
            b.id("io").sendKeys("W:W99:B1");
            b.id("import").click();
            b.waitFor(Duration.ofSeconds(10), d -> !b.id("message").getText().isEmpty());
            assertEquals(4, b.ply(), "a bad position changes nothing");
            // a file of many games over the server's 64 KiB limit: refused on the page, the connection kept
            b.js("window.socketBefore = window.damka.ws;"
                    + " document.getElementById('io').value = arguments[0] + '\\n\\n' + arguments[0].repeat(2000);", pdn);
            b.id("import").click();
            b.waitFor(Duration.ofSeconds(10), d -> b.id("message").getText().startsWith("Too long to import"));
            assertEquals(Boolean.TRUE, b.js("return window.socketBefore === window.damka.ws && window.damka.ws.readyState === 1;"));
            assertEquals(4, b.ply());
            // two games: the first is imported, and the page says so
            b.js("document.getElementById('io').value = arguments[0] + '\\n\\n' + arguments[0];", pdn);
            b.id("import").click();
            b.waitFor(Duration.ofSeconds(10), d -> b.id("message").getText().startsWith("Imported; the text holds 2 games: imported the first"));
            assertEquals(4, b.ply());

            b.js("document.getElementById('analysis-panel').open = true;");
            b.select("lines", "2");
            b.id("analyse").click();
            b.waitFor(Duration.ofSeconds(30), d -> b.id("analysis").findElements(org.openqa.selenium.By.tagName("div")).size() == 2);
            assertTrue(b.id("analysis").getText().matches("(?s)1\\. [-+#].* d\\d+ .*\\n2\\. .*"), b.id("analysis").getText());
            b.screenshot(SHOTS.resolve("analysis.png"));
            b.id("analyse").click();
            b.waitFor(Duration.ofSeconds(10), d -> b.id("analysis").getText().isEmpty());

            // the room is gone when the page reconnects (as after a long sleep): back to the lobby, saying why
            b.js("window.damka.room = '0000000000'; window.damka.ws.close();");
            b.waitFor(Duration.ofSeconds(10), d -> b.id("lobby").isDisplayed());
            assertTrue(b.id("lobby-message").getText().startsWith("no room with the code"), b.id("lobby-message").getText());
            assertFalse(b.id("game").isDisplayed());
        }
    }

    /**
     * A capture around a group of pieces ends on its own first square: the second click on the
     * selected piece deselected it, so the move could not be played and the game was stuck.
     */
    @ParameterizedTest
    @ValueSource(strings = {"russian|W:Wc3:Bb4,d4,b6,d6", "international|W:W28:B12,13,22,23"})
    void aCaptureBackToItsFirstSquareIsPlayedByClickingThatSquareAgain(String variantAndFen) throws Exception {
        String[] v = variantAndFen.split("\\|");
        Rules rules = Variants.byName(v[0]);
        try (Browser b = new Browser(1000, 800)) {
            hotseatFrom(b, v[0], Fen.format(rules, Fen.parse(rules, v[1])));
            List<Map<String, Object>> legal = b.legal();
            assertEquals(1, legal.size());
            List<?> path = (List<?>) legal.get(0).get("path");
            assertEquals(path.get(0), path.get(path.size() - 1), "the only move comes back to its square");
            b.clickMove(legal.get(0));
            assertEquals(legal.get(0).get("text"), ((Map<?, ?>) b.state().get("last")).get("text"));
        }
    }

    /** The move list numbers from the side that began (as the PDN does): "1. … 30x23x14 2. 25-30 14-10". */
    @Test
    void movesAreNumberedFromTheSideThatBegan() throws Exception {
        try (Browser b = new Browser(1000, 800)) {
            Rules english = Variants.ENGLISH; // which begins with Black; White to move here
            hotseatFrom(b, "english", Fen.format(english, Fen.parse(english, "W:W30:B17,18,25,26")));
            b.clickMove(b.legal().get(0));
            b.clickMove(b.legal().get(0));
            List<?> moves = (List<?>) b.state().get("moves");
            Object rows = b.js("return Array.from(document.querySelectorAll('#moves li'))"
                    + ".map(li => Array.from(li.children).map(s => s.textContent).join(' '));");
            assertEquals(List.of("… " + moves.get(0), String.valueOf(moves.get(1))), rows);
        }
    }

    /**
     * Online: someone arriving re-sent the position, which dropped the piece the player had
     * selected, and the click on its target did nothing. A room link pasted into a tab that
     * already shows the board changed only the address (no join).
     */
    @Test
    void aHalfMadeMoveSurvivesAnArrivalAndARoomLinkJoinsFromAnOpenTab() throws Exception {
        try (Browser host = new Browser(1000, 800); Browser guest = new Browser(1000, 800)) {
            host.driver.get(url());
            String code = createRussianRoom(host);
            host.waitFor(Duration.ofSeconds(10), d -> host.myTurn());
            Map<String, Object> move = host.legal().get(0);
            List<?> path = (List<?>) move.get("path");
            host.cell((String) path.get(0)).click();
            assertEquals(path.get(0), host.js("return window.damka.selected;"));

            // the guest is in a hotseat game of its own, a piece selected, when it opens the link
            guest.driver.get(url());
            guest.select("variant", "russian");
            guest.id("play-hotseat").click();
            guest.waitFor(Duration.ofSeconds(10), d -> guest.state() != null);
            String own = (String) guest.js("return window.damka.room;");
            guest.cell((String) ((List<?>) guest.legal().get(0).get("path")).get(0)).click();
            guest.js("location.hash = arguments[0];", code); // as a link pasted into the address bar
            guest.waitFor(Duration.ofSeconds(10), d -> code.equals(guest.js("return window.damka.room;")) && "black".equals(guest.seat()));
            assertEquals(null, guest.js("return window.damka.selected;"), "nothing carried over from the other room");
            host.waitFor(Duration.ofSeconds(10), d -> "connected".equals(((Map<?, ?>) host.state().get("seats")).get("black")));

            host.cell((String) path.get(path.size() - 1)).click();
            host.waitFor(Duration.ofSeconds(10), d -> host.ply() == 1);
            assertEquals(move.get("text"), ((List<?>) host.state().get("moves")).get(0));
            guest.waitFor(Duration.ofSeconds(10), d -> guest.ply() == 1);

            // a link to a room that does not exist: refused, and the guest stays where it is
            guest.js("location.hash = 'ZZZZZZZZZZ';");
            guest.waitFor(Duration.ofSeconds(10), d -> guest.id("message").getText().startsWith("no room with the code"));
            assertEquals(code, guest.js("return window.damka.room;"));
            assertTrue(guest.id("game").isDisplayed());
            assertEquals("#" + code, guest.js("return location.hash;"));
            assertTrue(!own.equals(code));
        }
    }

    /** The Lobby button reloads the page, which set the variant and level back to russian and easy. */
    @Test
    void theLobbysChoicesOutliveAReload() throws Exception {
        try (Browser b = new Browser(1000, 800)) {
            b.driver.get(url());
            b.select("variant", "hexagonal");
            b.select("level", "strong");
            b.id("play-hotseat").click();
            b.waitFor(Duration.ofSeconds(10), d -> b.state() != null);
            b.id("leave").click();
            b.waitFor(Duration.ofSeconds(10), d -> b.id("lobby").isDisplayed());
            assertEquals("hexagonal", b.id("variant").getAttribute("value"));
            assertEquals("strong", b.id("level").getAttribute("value"));
        }
    }

    /** A malformed %-escape in a hand-typed link stopped the page's script before it connected. */
    @Test
    void aMalformedLinkStillOpensThePage() throws Exception {
        try (Browser b = new Browser(1000, 800)) {
            b.driver.get(url() + "#%E0%A4%A");
            b.waitFor(Duration.ofSeconds(10), d -> b.id("lobby-message").getText().startsWith("no room with the code"));
            assertEquals("connected", b.id("conn").getText());
        }
    }
}
