package org.cbec.ear;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarInputStream;
import java.util.zip.ZipEntry;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The EAR for Payara Server Full as built: its modules, context roots and libraries. */
class EarContentsIT {

    private static JarFile ear;

    @BeforeAll
    static void open() throws IOException {
        ear = new JarFile(new File("target/cbec.ear"));
    }

    @Test
    void bothWarsAndTheEjbModuleAreModulesOfTheApplication() throws Exception {
        Document xml = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(ear.getInputStream(ear.getEntry("META-INF/application.xml")));
        NodeList webs = xml.getElementsByTagName("web");
        assertEquals(2, webs.getLength());
        assertEquals("/broker", contextRootOf(webs, "broker.war"));
        assertEquals("/checkout", contextRootOf(webs, "checkout.war"));
        NodeList ejbs = xml.getElementsByTagName("ejb");
        assertEquals(1, ejbs.getLength());
        assertEquals("ejb-core.jar", ejbs.item(0).getTextContent().trim());
        assertEquals("lib", xml.getElementsByTagName("library-directory").item(0).getTextContent().trim());
    }

    @Test
    void theEjbModuleIsAtTheRootAndTheEntitiesAreInLib() {
        assertNotNull(ear.getEntry("ejb-core.jar"));
        assertNotNull(ear.getEntry("lib/jpa-entities.jar"));
        assertTrue(names(ear).stream().anyMatch(n -> n.matches("lib/(org.flywaydb-)?flyway-core-.*\\.jar")), "Flyway is a library of the EAR");
        assertTrue(names(ear).stream().anyMatch(n -> n.matches("lib/(org.apache.httpcomponents.client5-)?httpclient5-.*\\.jar")),
                "the webhook client is a library of the EAR");
        assertTrue(names(ear).stream().anyMatch(n -> n.matches("lib/(org.apache.httpcomponents.core5-)?httpcore5-.*\\.jar")),
                "with its core");
        assertFalse(names(ear).stream().anyMatch(n -> n.startsWith("lib/ejb-core")), "one copy of the EJBs");
        assertTrue(names(ear).stream().anyMatch(n -> n.matches("lib/(org.cbec-)?web-common.*\\.jar")),
                "the web plumbing both WARs extend is a library of the EAR: " + names(ear));
        assertTrue(names(ear).contains("lib/plumbing.jar"), "what is not protocol, which ejb-core links, is a library of the EAR: " + names(ear));
        assertEquals(1, names(ear).stream().filter(n -> n.contains("plumbing")).count(), "one copy of it: " + names(ear));
    }

    @Test
    void theWarsAreSkinnyAndHoldNoSecondCopyOfTheEjbsOrTheEntities() throws IOException {
        for (String war : List.of("broker.war", "checkout.war")) {
            List<String> entries = entriesOf(war);
            assertTrue(entries.contains("WEB-INF/beans.xml"), war + " is a bean archive");
            assertTrue(entries.stream().anyMatch(e -> e.startsWith("WEB-INF/classes/org/cbec/")), war + " holds its resources");
            List<String> libs = entries.stream().filter(e -> e.startsWith("WEB-INF/lib/") && e.endsWith(".jar")).toList();
            assertEquals(List.of(), libs, war + " bundles no jar of its own in the EAR");
        }
    }

    @Test
    void thereIsExactlyOnePersistenceUnitAndNoPlatformApi() throws IOException {
        int persistenceXml = 0;
        for (String name : names(ear)) {
            assertFalse(name.contains("jakartaee-api") || name.contains("microprofile"), "API bundled: " + name);
            if (name.endsWith(".jar") || name.endsWith(".war")) {
                for (String inner : entriesOf(name)) {
                    if (inner.endsWith("META-INF/persistence.xml")) {
                        assertEquals("lib/jpa-entities.jar", name);
                        persistenceXml++;
                    }
                }
            }
        }
        assertEquals(1, persistenceXml);
    }

    @Test
    void noArchiveInsideTheEarHoldsASandboxClassOrTable() throws IOException {
        // The payment companies' stand-in is company-sandbox, a deployable of its own: the production
        // EAR must not carry a fake company that accepts payments, in any archive at any depth.
        List<String> found = new ArrayList<>();
        for (String name : names(ear)) {
            if (sandboxy(name)) {
                found.add(name);
            }
            if (name.endsWith(".jar") || name.endsWith(".war")) {
                for (String inner : entriesOf(name)) {
                    if (sandboxy(inner)) {
                        found.add(name + "!/" + inner);
                    }
                }
            }
        }
        assertEquals(List.of(), found);
        assertTrue(names(ear).stream().noneMatch(n -> n.contains("company-sandbox") || n.equals("sandbox.war")));
    }

    /** A class of the sandbox's packages (old or new), or a migration or resource of its own. */
    private static boolean sandboxy(String entry) {
        String e = entry.toLowerCase(java.util.Locale.ROOT);
        return e.contains("org/cbec/sandbox/") || e.contains("org/cbec/broker/sandbox/") || e.contains("db/sandbox/")
                || e.endsWith(".class") && e.substring(e.lastIndexOf('/') + 1).startsWith("sandbox");
    }

    private static String contextRootOf(NodeList webs, String uri) {
        for (int i = 0; i < webs.getLength(); i++) {
            Element web = (Element) webs.item(i);
            if (uri.equals(web.getElementsByTagName("web-uri").item(0).getTextContent().trim())) {
                return web.getElementsByTagName("context-root").item(0).getTextContent().trim();
            }
        }
        throw new AssertionError("no web module " + uri);
    }

    private static List<String> names(JarFile jar) {
        return jar.stream().map(ZipEntry::getName).toList();
    }

    private static List<String> entriesOf(String nested) throws IOException {
        List<String> entries = new ArrayList<>();
        try (InputStream in = ear.getInputStream(ear.getEntry(nested));
                JarInputStream jar = new JarInputStream(new ByteArrayInputStream(in.readAllBytes()))) {
            for (JarEntry e = jar.getNextJarEntry(); e != null; e = jar.getNextJarEntry()) {
                entries.add(e.getName());
            }
        }
        return entries;
    }
}
