package org.damka.gui;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A headless Chromium (Debian's chromium and chromium-driver) driven by Selenium, with a fresh
 * profile and no network of its own. Tests are skipped, with a message, where Chromium is absent.
 * Moves are made the way a person makes them: a click on the piece, a click on its destination,
 * and a click on the wanted path when captures share their ends.
 */
final class Browser implements AutoCloseable {
    static final Path CHROMIUM = Path.of("/usr/bin/chromium"), CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    final ChromeDriver driver;
    private final Path profile;

    static {
        // Selenium warns on every start that it has no DevTools bindings for this Chromium: not used here.
        java.util.logging.Logger.getLogger("org.openqa.selenium.devtools.CdpVersionFinder").setLevel(java.util.logging.Level.SEVERE);
    }

    static void assumeInstalled() {
        assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "browser tests skipped: install Debian's chromium and chromium-driver (.ci/run does)");
    }

    Browser(int width, int height) throws IOException {
        assumeInstalled();
        System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
        profile = Files.createTempDirectory("damka-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--window-size=" + width + "," + height);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).build();
        driver = new ChromeDriver(service, options);
    }

    Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    <T> T waitFor(Duration timeout, Function<WebDriver, T> condition) {
        return new WebDriverWait(driver, timeout, Duration.ofMillis(50)).until(condition);
    }

    WebElement id(String id) {
        return driver.findElement(By.id(id));
    }

    void select(String id, String value) {
        new Select(id(id)).selectByValue(value);
    }

    /** The last state the page received (the server's JSON), or null. */
    @SuppressWarnings("unchecked")
    Map<String, Object> state() {
        return (Map<String, Object>) js("return window.damka && window.damka.state;");
    }

    String seat() {
        return (String) js("return window.damka.seat;");
    }

    long ply() {
        Map<String, Object> s = state();
        return s == null ? -1 : ((Number) s.get("ply")).longValue();
    }

    boolean over() {
        Map<String, Object> s = state();
        return s != null && s.get("result") != null;
    }

    boolean myTurn() {
        return Boolean.TRUE.equals(js("const a = window.damka, s = a.state; return !!s && !s.result && !s.thinking"
                + " && (a.seat === 'both' || a.seat === s.toMove);"));
    }

    /** The legal moves the page was given: each with text, path and captured. */
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> legal() {
        return (List<Map<String, Object>>) state().get("legal");
    }

    /** Plays a move by clicking: its first square, its last, and the path chooser when shown. */
    @SuppressWarnings("unchecked")
    void clickMove(Map<String, Object> move) {
        List<String> path = (List<String>) move.get("path");
        long before = ply();
        cell(path.get(0)).click();
        cell(path.get(path.size() - 1)).click();
        if (id("chooser").isDisplayed()) {
            driver.findElement(By.cssSelector("#chooser-moves button[data-move='" + move.get("text") + "']")).click();
        }
        waitFor(Duration.ofSeconds(30), d -> ply() > before);
    }

    WebElement cell(String name) {
        return id("cell-" + name);
    }

    void screenshot(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        Files.write(file, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
    }

    /**
     * A picture of the board alone (for the README): the page's screenshot cut to the board's
     * rectangle (Chromium's own element screenshot of an SVG comes out shifted).
     */
    void boardShot(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        js("window.scrollTo(0, 0);");
        java.awt.image.BufferedImage page = javax.imageio.ImageIO.read(
                new java.io.ByteArrayInputStream(((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES)));
        org.openqa.selenium.Rectangle r = id("board").getRect();
        int x = Math.max(0, r.x), y = Math.max(0, r.y);
        int w = Math.min(r.width, page.getWidth() - x), h = Math.min(r.height, page.getHeight() - y);
        javax.imageio.ImageIO.write(page.getSubimage(x, y, w, h), "png", file.toFile());
    }

    @Override
    public void close() throws IOException {
        try {
            driver.quit();
        } finally {
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
