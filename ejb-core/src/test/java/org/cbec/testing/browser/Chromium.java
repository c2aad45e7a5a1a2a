package org.cbec.testing.browser;

import java.io.File;
import java.nio.file.Files;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's headless Chromium, installed when missing by {@code server-config/chromium}, driven by
 * Selenium, for the tests of pages a browser sees (the shipping form, the API documents' pages).
 * Run from a module directory; the module needs Selenium on its test class path. A package of its
 * own, so that deployments taking {@code org.cbec.testing} (the HTTP helper) do not take Selenium.
 */
public final class Chromium {

    private Chromium() {
    }

    public static WebDriver start() throws Exception {
        Process install = new ProcessBuilder(new File("../server-config/chromium").getAbsolutePath()).inheritIO().start();
        if (install.waitFor() != 0) {
            throw new IllegalStateException("server-config/chromium did not install the browser");
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary("/usr/bin/chromium");
        // A closed network: no background traffic, no sandbox as root, a fresh profile each run.
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--window-size=1000,1500", "--user-data-dir=" + Files.createTempDirectory("chromium-profile"));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new File("/usr/bin/chromedriver")).build();
        return new ChromeDriver(service, options);
    }
}
