package org.cbec.testing.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A service's Swagger UI page as a reader meets it in the browser: asked for without the trailing
 * slash, it is redirected to {@code api-docs/}; it loads the service's own document and lists
 * every operation; nothing it needs comes from elsewhere (its files are the service's).
 */
public final class ApiDocsPage {

    private ApiDocsPage() {
    }

    /** {@link #check} in a browser of its own, started and stopped here. */
    public static void checkInChromium(String serviceBase, String title, int operations, String someSummary, String screenshot)
            throws Exception {
        WebDriver browser = Chromium.start();
        try {
            check(browser, serviceBase, title, operations, someSummary, screenshot);
        } finally {
            browser.quit();
        }
    }

    /**
     * @param serviceBase the service's root URL, ending in {@code /}
     * @param operations how many operations the served document has
     * @param someSummary the summary of one of them, as the page must show it
     */
    public static void check(WebDriver browser, String serviceBase, String title, int operations, String someSummary, String screenshot)
            throws Exception {
        browser.get(serviceBase + "api-docs");
        assertEquals(serviceBase + "api-docs/", browser.getCurrentUrl(), "redirected to the page's directory");
        WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(30));
        wait.until(b -> b.findElements(By.cssSelector(".opblock")).size() >= operations);
        List<WebElement> blocks = browser.findElements(By.cssSelector(".opblock"));
        assertEquals(operations, blocks.size(), "every operation of the document is listed once");
        assertTrue(browser.findElement(By.cssSelector(".info .title")).getText().contains(title),
                browser.findElement(By.cssSelector(".info .title")).getText());
        assertTrue(blocks.stream().anyMatch(b -> b.getText().contains(someSummary)), "the page shows: " + someSummary);
        for (WebElement script : browser.findElements(By.tagName("script"))) {
            String src = script.getAttribute("src");
            assertTrue(src == null || src.startsWith(serviceBase), "a script from elsewhere: " + src);
        }
        Path target = Path.of("target", screenshot);
        Files.copy(((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE).toPath(), target, StandardCopyOption.REPLACE_EXISTING);
        assertTrue(Files.size(target) > 1000, "screenshot " + screenshot + " was written");
    }
}
