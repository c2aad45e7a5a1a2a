package org.cbec.cart.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.cbec.cart.control.EcbReferenceRates.DailyRates;
import org.junit.jupiter.api.Test;

class EcbReferenceRatesTest {

    private static final String OPEN = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" \
            xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
              <gesmes:subject>Reference rates</gesmes:subject>
              <gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
              <Cube>
            """;
    private static final String CLOSE = """
              </Cube>
            </gesmes:Envelope>
            """;

    private static final String SAMPLE = OPEN + """
                <Cube time="2026-11-20">
                  <Cube currency="USD" rate="1.0512"/>
                  <Cube currency="GBP" rate="0.83105"/>
                  <Cube currency="CNY" rate="7.6231"/>
                </Cube>
            """ + CLOSE;

    private static InputStream xml(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    private static DailyRates sample() {
        return EcbReferenceRates.parse(xml(SAMPLE));
    }

    private static String oneDay(String cubes) {
        return OPEN + "<Cube time=\"2026-11-20\">" + cubes + "</Cube>" + CLOSE;
    }

    private static String refusal(String document) {
        return assertThrows(IllegalArgumentException.class, () -> EcbReferenceRates.parse(xml(document)))
                .getMessage();
    }

    @Test
    void sampleParsesIntoItsDateAndThreeRates() {
        DailyRates rates = sample();
        assertEquals(LocalDate.of(2026, 11, 20), rates.date());
        assertEquals(Map.of("USD", new BigDecimal("1.0512"), "GBP", new BigDecimal("0.83105"),
                "CNY", new BigDecimal("7.6231")), rates.perEuro());
    }

    @Test
    void ratesKeepTheDocumentOrder() {
        assertEquals(List.of("USD", "GBP", "CNY"), List.copyOf(sample().perEuro().keySet()));
    }

    @Test
    void ratesCannotBeModified() {
        Map<String, BigDecimal> perEuro = sample().perEuro();
        assertThrows(UnsupportedOperationException.class, () -> perEuro.put("JPY", BigDecimal.TEN));
    }

    @Test
    void crossRateGbpToCnyIsCnyPerEuroOverGbpPerEuroToSixPlaces() {
        BigDecimal expected = new BigDecimal("7.6231")
                .divide(new BigDecimal("0.83105"), new MathContext(20, RoundingMode.HALF_EVEN))
                .setScale(6, RoundingMode.HALF_EVEN);
        BigDecimal cross = EcbReferenceRates.cross(sample(), "GBP", "CNY");
        assertEquals(expected, cross);
        // 7.6231 / 0.83105 = 9.17285361891582937248…, rounded by hand to six places.
        assertEquals(new BigDecimal("9.172854"), cross);
    }

    @Test
    void euroIsItsOwnBaseAtRateOne() {
        DailyRates rates = sample();
        assertEquals(new BigDecimal("1.051200"), EcbReferenceRates.cross(rates, "EUR", "USD"));
        // 1 / 1.0512 = 0.95129375951…
        assertEquals(new BigDecimal("0.951294"), EcbReferenceRates.cross(rates, "USD", "EUR"));
        assertEquals(new BigDecimal("1.000000"), EcbReferenceRates.cross(rates, "EUR", "EUR"));
    }

    @Test
    void twoDayDocumentUsesTheFirstAndNewestDay() {
        DailyRates rates = EcbReferenceRates.parse(xml(OPEN + """
                    <Cube time="2026-11-20"><Cube currency="USD" rate="1.0512"/></Cube>
                    <Cube time="2026-11-19"><Cube currency="USD" rate="1.0499"/><Cube currency="JPY" rate="162.1"/></Cube>
                """ + CLOSE));
        assertEquals(LocalDate.of(2026, 11, 20), rates.date());
        assertEquals(Map.of("USD", new BigDecimal("1.0512")), rates.perEuro());
    }

    @Test
    void refusesContentThatIsNotXml() {
        assertEquals("not an ECB reference-rate document", refusal("USD,1.0512\nGBP,0.83105\n"));
    }

    @Test
    void refusesAnEmptyDocument() {
        assertEquals("not an ECB reference-rate document", refusal(""));
    }

    @Test
    void refusesAnHtmlErrorPage() {
        assertEquals("not an ECB reference-rate document",
                refusal("<!DOCTYPE html><html><head><title>503</title></head><body><p>Try later<br></body></html>"));
    }

    @Test
    void refusesWellFormedXmlOfAnotherKind() {
        assertEquals("not an ECB reference-rate document",
                refusal("<html><body><Cube time=\"2026-11-20\"><Cube currency=\"USD\" rate=\"1\"/></Cube></body></html>"));
    }

    @Test
    void refusesADoctypeWithAnExternalEntityInsteadOfExpandingIt() {
        String attack = """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>
                <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" \
                xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
                  <gesmes:subject>&e;</gesmes:subject>
                  <Cube><Cube time="2026-11-20"><Cube currency="USD" rate="1.0512"/></Cube></Cube>
                </gesmes:Envelope>
                """;
        String message = refusal(attack);
        assertEquals("not an ECB reference-rate document", message);
        assertFalse(message.contains("root"));
    }

    @Test
    void refusesAnInternalDoctypeToo() {
        assertEquals("not an ECB reference-rate document",
                refusal("<!DOCTYPE gesmes:Envelope [<!ENTITY a \"aaaa\">]>" + SAMPLE.substring(SAMPLE.indexOf("<gesmes:"))));
    }

    @Test
    void refusesADocumentWithoutADatedCube() {
        assertEquals("no rates in the document", refusal(OPEN + """
                    <Cube><Cube currency="USD" rate="1.0512"/></Cube>
                """ + CLOSE));
    }

    @Test
    void refusesCubesOutsideTheEcbNamespace() {
        assertEquals("no rates in the document", refusal("""
                <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01">
                  <Cube><Cube time="2026-11-20"><Cube currency="USD" rate="1.0512"/></Cube></Cube>
                </gesmes:Envelope>
                """));
    }

    @Test
    void refusesAMalformedDate() {
        assertEquals("malformed date in the document", refusal(OPEN + """
                    <Cube time="20.11.2026"><Cube currency="USD" rate="1.0512"/></Cube>
                """ + CLOSE));
    }

    @Test
    void refusesARateThatIsNotANumberWithoutQuotingIt() {
        assertEquals("malformed rate for GBP", refusal(oneDay("<Cube currency=\"GBP\" rate=\"abc\"/>")));
    }

    @Test
    void refusesANegativeRate() {
        assertEquals("malformed rate for GBP", refusal(oneDay("<Cube currency=\"GBP\" rate=\"-1\"/>")));
    }

    @Test
    void refusesAZeroRate() {
        assertEquals("malformed rate for GBP", refusal(oneDay("<Cube currency=\"GBP\" rate=\"0.0000\"/>")));
    }

    @Test
    void refusesAMissingRate() {
        assertEquals("malformed rate for GBP", refusal(oneDay("<Cube currency=\"GBP\"/>")));
    }

    @Test
    void refusesACurrencyCodeThatIsNotThreeLettersWithoutQuotingIt() {
        assertEquals("malformed currency code in the document",
                refusal(oneDay("<Cube currency=\"&lt;script&gt;\" rate=\"1.0\"/>")));
    }

    @Test
    void refusesTheSameCurrencyTwice() {
        assertEquals("duplicate rate for USD",
                refusal(oneDay("<Cube currency=\"USD\" rate=\"1.05\"/><Cube currency=\"USD\" rate=\"1.06\"/>")));
    }

    @Test
    void refusesAListedEuroRate() {
        assertEquals("unexpected rate for EUR", refusal(oneDay("<Cube currency=\"EUR\" rate=\"1\"/>")));
    }

    @Test
    void refusesADayWithoutCurrencies() {
        assertEquals("no rates in the document", refusal(oneDay("")));
    }

    @Test
    void crossRefusesACurrencyWithoutARate() {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> EcbReferenceRates.cross(sample(), "GBP", "JPY"));
        assertEquals("no ECB rate for JPY", missing.getMessage());
    }

    @Test
    void handBuiltRatesRefuseAZeroRate() {
        assertThrows(IllegalArgumentException.class,
                () -> new DailyRates(LocalDate.of(2026, 11, 20), Map.of("USD", BigDecimal.ZERO)));
    }
}
