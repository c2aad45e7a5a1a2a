package org.cbec.checkout;

import static org.cbec.testing.Http.postJson;
import static org.cbec.testing.Http.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.net.URI;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import org.cbec.platform.identity.ResidentId;
import org.cbec.testing.browser.Chromium;
import org.cbec.testing.Http;
import org.cbec.testing.Http.Reply;
import org.cbec.testing.arquillian.SharedDeployment;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The shipping form as a buyer meets it, in a real headless Chromium (Debian's, installed by
 * server-config/chromium): the page shows the cart, an invalid name is refused next to the field
 * in Chinese and English, a valid submit lands on the payment URL, Cancel on the cancel URL.
 * Screenshots go to target/.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ShippingFormBrowserIT {

    private static final String KEY = System.getenv("DEMO_CA_KEY");
    private static WebDriver browser;

    @Deployment
    static WebArchive deployment() {
        return SharedDeployment.war(new File("target/checkout.war"), ShippingFormBrowserIT.class);
    }

    @ArquillianResource
    URL base;

    @BeforeAll
    static void startChromium() throws Exception {
        browser = Chromium.start();
    }

    @AfterAll
    static void stopChromium() {
        if (browser != null) {
            browser.quit();
        }
    }

    @Test
    void theFormShowsTheCartRefusesAnInvalidNameAndSendsAValidBuyerToPay() throws Exception {
        String paymentUrl = local("paid-here");
        URI form = readyForPayment(paymentUrl, local("cancelled-here"));
        browser.get(form.toString());
        WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(15));
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("form")));

        assertTrue(browser.findElement(By.id("lines")).getText().contains("p1"), "the cart's line is shown");
        String totals = browser.findElement(By.id("totals")).getText();
        assertTrue(totals.contains("200.00 CNY") && totals.contains("2.00 CNY") && totals.contains("201.00 CNY"), totals);
        String cny = browser.findElement(By.id("total-cny")).getText();
        assertTrue(cny.contains("CNY") && cny.contains("201.00"), cny);
        assertEquals(ResidentId.mask(CartsIT.ID), browser.findElement(By.id("payer-id")).getText());
        assertEquals("李四", browser.findElement(By.id("receiver-name")).getAttribute("value"), "pre-filled from the cart");
        screenshot("shipping-form.png");

        WebElement name = browser.findElement(By.id("receiver-name"));
        name.clear();
        name.sendKeys("Li Si");
        browser.findElement(By.id("consent")).click();
        browser.findElement(By.id("pay")).click();
        WebElement error = browser.findElement(By.id("err-receiver.name"));
        wait.until(ExpectedConditions.textToBePresentInElement(error, "Chinese"));
        assertTrue(error.getText().contains("中文"), error.getText());
        assertTrue(name.getAttribute("class").contains("invalid"));
        assertEquals(form.toString(), browser.getCurrentUrl(), "the buyer stays on the form");
        screenshot("shipping-form-error.png");

        name.clear();
        name.sendKeys("王五");
        browser.findElement(By.id("pay")).click();
        wait.until(ExpectedConditions.urlToBe(paymentUrl));
    }

    @Test
    void cancelSendsTheBuyerToTheCancelUrl() throws Exception {
        String cancelUrl = local("cancelled-here");
        browser.get(readyForPayment(local("paid-here"), cancelUrl).toString());
        WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(15));
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("form")));
        browser.findElement(By.id("cancel")).click();
        wait.until(ExpectedConditions.urlToBe(cancelUrl));
    }

    @Test
    void aForgedLinkShowsThatItIsInvalid() throws Exception {
        URI form = readyForPayment(local("paid-here"), local("cancelled-here"));
        browser.get(form.toString().replace("token=", "token=9"));
        WebElement notice = browser.findElement(By.id("notice"));
        new WebDriverWait(browser, Duration.ofSeconds(15)).until(ExpectedConditions.textToBePresentInElement(notice, "expired"));
        assertTrue(notice.getText().contains("过期"));
    }

    /** A new enterprise cart with a payment URL, and the shipping form link its 301 points to. */
    private URI readyForPayment(String paymentUrl, String cancelUrl) {
        Reply created = postJson(localUri("carts/enterprise/demo-enterprise/merchants/m1"),
                CartsIT.enterprise("CNY", "100.00", 2, "10.00", "5.00", "8.00", cancelUrl), "x-ca-key", KEY);
        assertEquals(200, created.status(), created::toString);
        String cart = created.json().getJsonObject("data").getString("cartId");
        assertEquals(200, send("PUT", localUri("carts/" + cart + "/enterprise/demo-enterprise"), "{\"paymentUrl\":\"" + paymentUrl + "\"}",
                "Content-Type", "application/json", "x-ca-key", KEY).status());
        Reply redirect = Http.get(localUri("carts/" + cart + "/enterprise/demo-enterprise/pay"), "x-ca-key", KEY);
        assertEquals(301, redirect.status(), redirect::toString);
        URI location = URI.create(redirect.header("Location"));
        return localUri(location.getPath().replaceFirst("^/checkout/", "") + "?" + location.getRawQuery());
    }

    /** The deployment on localhost: the browser and the page stay on this machine. */
    private URI localUri(String path) {
        return URI.create("http://localhost:" + base.getPort() + "/checkout/" + path);
    }

    private String local(String path) {
        return localUri(path).toString();
    }

    private static void screenshot(String name) throws Exception {
        Path target = Path.of("target", name);
        Files.copy(((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE).toPath(), target, StandardCopyOption.REPLACE_EXISTING);
        assertTrue(Files.size(target) > 1000, "screenshot " + name + " was written");
    }

    /** {@code /checkout/api-docs/}: Swagger UI from the WAR, listing every operation of the checkout's document. */
    @Test
    void theSwaggerUiPageListsEveryOperation() throws Exception {
        int operations = org.cbec.testing.apidocs.ApiDocumentCheck.validatedOperationCount(base.toString(), "ApiResponse",
                java.util.Set.of("x-ca-key", "x-ca-stage", "admin"));
        org.cbec.testing.browser.ApiDocsPage.check(browser, base.toString(), "Checkout cart service", operations,
                "Receives the payment outcome of a cart; a second report is 409", "checkout-api-docs.png");
    }
}
