package org.cbec.cart.control;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Reads the European Central Bank's daily euro foreign-exchange reference rates (the {@code eurofxref} XML)
 * and derives cross rates between two non-euro currencies from them.
 *
 * <p>The document comes from outside the project, so it is treated as hostile: DTDs are refused outright
 * (which shuts out external entities and entity-expansion bombs in one go) and no failure message ever
 * quotes the document, so a tampered feed cannot smuggle text into logs or API answers.
 */
public final class EcbReferenceRates {

    private static final String GESMES_NS = "http://www.gesmes.org/xml/2002-08-01";
    private static final String EUROFXREF_NS = "http://www.ecb.int/vocabulary/2002-08-01/eurofxref";
    private static final String CUBE = "Cube";
    private static final String EURO = "EUR";

    private static final String NOT_ECB = "not an ECB reference-rate document";
    private static final String NO_RATES = "no rates in the document";

    private static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");
    // Plain positional decimals only: the ECB never publishes exponents or signs, so anything else is a fault.
    private static final Pattern DECIMAL = Pattern.compile("\\d{1,15}(\\.\\d{1,15})?");

    private static final MathContext CROSS_PRECISION = new MathContext(20, RoundingMode.HALF_EVEN);
    private static final int CROSS_SCALE = 6;

    private EcbReferenceRates() {
    }

    /**
     * The rates of one publication day.
     *
     * @param date    the day the ECB fixed the rates (its {@code time} attribute)
     * @param perEuro units of each currency per 1 EUR, in document order; EUR itself is never listed
     */
    public record DailyRates(LocalDate date, Map<String, BigDecimal> perEuro) {

        /**
         * Checks here rather than only in {@link #parse} because the record is public: a hand-built zero rate
         * would otherwise surface much later as a division by zero in {@link #cross}.
         */
        public DailyRates {
            Objects.requireNonNull(date, "date");
            Objects.requireNonNull(perEuro, "perEuro");
            Map<String, BigDecimal> copy = new LinkedHashMap<>();
            perEuro.forEach((currency, rate) -> {
                Objects.requireNonNull(currency, "currency");
                Objects.requireNonNull(rate, "rate");
                if (rate.signum() <= 0) {
                    throw new IllegalArgumentException("malformed rate for " + currency);
                }
                copy.put(currency, rate);
            });
            // Kept in insertion order so that listings follow the ECB's own order.
            perEuro = Collections.unmodifiableMap(copy);
        }
    }

    /**
     * Parses one ECB reference-rate document. When several days are present (the 90-day and historical
     * files), the first dated {@code Cube} is used, as those files list the newest day first.
     *
     * <p>The caller keeps ownership of the stream and should close it.
     *
     * @throws IllegalArgumentException when the content is not XML, carries a DOCTYPE, is not an ECB envelope,
     *                                  has no dated rates, a bad date, or a rate that is not a positive decimal
     * @throws UncheckedIOException     when the stream itself fails; that is a transport fault, not a bad
     *                                  document, so callers can retry it differently
     */
    public static DailyRates parse(InputStream xml) {
        Objects.requireNonNull(xml, "xml");
        Document document = read(xml);

        Element root = document.getDocumentElement();
        if (!GESMES_NS.equals(root.getNamespaceURI()) || !"Envelope".equals(root.getLocalName())) {
            throw new IllegalArgumentException(NOT_ECB);
        }

        Element day = firstDatedCube(root);
        LocalDate date;
        try {
            date = LocalDate.parse(day.getAttribute("time").strip());
        } catch (DateTimeParseException badDate) {
            throw new IllegalArgumentException("malformed date in the document");
        }

        Map<String, BigDecimal> perEuro = new LinkedHashMap<>();
        for (Node child = day.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (!isCube(child)) {
                continue;
            }
            Element cube = (Element) child;
            String currency = cube.getAttribute("currency").strip();
            // Validated before it may appear in a message, so messages stay free of arbitrary document text.
            if (!CURRENCY.matcher(currency).matches()) {
                throw new IllegalArgumentException("malformed currency code in the document");
            }
            if (EURO.equals(currency)) {
                // EUR is the base by definition; a listed EUR rate could only contradict that.
                throw new IllegalArgumentException("unexpected rate for EUR");
            }
            BigDecimal rate = positiveDecimal(cube.getAttribute("rate").strip(), currency);
            if (perEuro.putIfAbsent(currency, rate) != null) {
                throw new IllegalArgumentException("duplicate rate for " + currency);
            }
        }
        if (perEuro.isEmpty()) {
            throw new IllegalArgumentException(NO_RATES);
        }
        return new DailyRates(date, perEuro);
    }

    /**
     * Units of {@code to} per 1 unit of {@code from}, triangulated through the euro as the ECB only publishes
     * euro rates. The quotient is first taken to 20 significant digits so that the final rounding to six
     * decimals (the precision the rates are quoted in) is the only one that matters.
     *
     * @throws IllegalArgumentException when either currency has no rate that day
     */
    public static BigDecimal cross(DailyRates rates, String from, String to) {
        Objects.requireNonNull(rates, "rates");
        BigDecimal fromPerEuro = perEuro(rates, Objects.requireNonNull(from, "from"));
        BigDecimal toPerEuro = perEuro(rates, Objects.requireNonNull(to, "to"));
        return toPerEuro.divide(fromPerEuro, CROSS_PRECISION).setScale(CROSS_SCALE, RoundingMode.HALF_EVEN);
    }

    private static BigDecimal perEuro(DailyRates rates, String currency) {
        if (EURO.equals(currency)) {
            return BigDecimal.ONE;
        }
        BigDecimal rate = rates.perEuro().get(currency);
        if (rate == null) {
            throw new IllegalArgumentException("no ECB rate for " + currency);
        }
        return rate;
    }

    private static Document read(InputStream xml) {
        DocumentBuilder builder = newHardenedBuilder();
        try {
            return builder.parse(xml);
        } catch (SAXException notXmlOrDoctype) {
            // The parser's own message quotes positions and sometimes content; none of it goes out.
            throw new IllegalArgumentException(NOT_ECB);
        } catch (IOException transport) {
            throw new UncheckedIOException("could not read the ECB reference-rate document", transport);
        }
    }

    /**
     * A fresh builder per call because neither factories nor builders are thread-safe, and a daily document
     * is too rare to make pooling worth it. The JDK's own implementation is requested explicitly: an
     * application server may put another parser first on the class path, and one that silently ignored a
     * hardening feature would reopen XXE.
     */
    private static DocumentBuilder newHardenedBuilder() {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newDefaultInstance();
        try {
            factory.setNamespaceAware(true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            // Refusing any DOCTYPE is the decisive setting; the others are belt and braces should it ever be lost.
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
            factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            factory.setXIncludeAware(false);
            factory.setExpandEntityReferences(false);
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(StrictErrors.INSTANCE);
            return builder;
        } catch (ParserConfigurationException | IllegalArgumentException unsupported) {
            // Failing closed: parsing without the protections is never an acceptable fallback.
            throw new IllegalStateException("XML parser cannot be hardened against external entities", unsupported);
        }
    }

    private static Element firstDatedCube(Element root) {
        NodeList cubes = root.getElementsByTagNameNS(EUROFXREF_NS, CUBE);
        for (int i = 0; i < cubes.getLength(); i++) {
            Element cube = (Element) cubes.item(i);
            if (cube.hasAttribute("time")) {
                return cube;
            }
        }
        throw new IllegalArgumentException(NO_RATES);
    }

    private static boolean isCube(Node node) {
        return node.getNodeType() == Node.ELEMENT_NODE
                && EUROFXREF_NS.equals(node.getNamespaceURI())
                && CUBE.equals(node.getLocalName());
    }

    private static BigDecimal positiveDecimal(String text, String currency) {
        if (!DECIMAL.matcher(text).matches()) {
            throw new IllegalArgumentException("malformed rate for " + currency);
        }
        BigDecimal rate = new BigDecimal(text);
        if (rate.signum() <= 0) {
            throw new IllegalArgumentException("malformed rate for " + currency);
        }
        return rate;
    }

    /**
     * Turns every parser error into an exception instead of the default handler's printing to stderr,
     * which would both leak document details into server output and let recoverable errors pass.
     */
    private enum StrictErrors implements ErrorHandler {
        INSTANCE;

        @Override
        public void warning(SAXParseException exception) {
            // Warnings do not make the document wrong; the checks after parsing decide that.
        }

        @Override
        public void error(SAXParseException exception) throws SAXException {
            throw exception;
        }

        @Override
        public void fatalError(SAXParseException exception) throws SAXException {
            throw exception;
        }
    }
}
