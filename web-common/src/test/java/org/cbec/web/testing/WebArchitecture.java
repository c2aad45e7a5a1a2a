package org.cbec.web.testing;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * The architecture rules of a web module, checked on the compiled main classes of one module (ArchUnit
 * sees one module's classes at a time; the arrows between modules are Maven Enforcer rules in the poms).
 */
public final class WebArchitecture {

    private final JavaClasses classes;
    private final String root;

    private WebArchitecture(String root) {
        this.root = root;
        this.classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS).importPackages(root);
    }

    /** The main classes of the module whose packages start with {@code root}. */
    public static WebArchitecture of(String root) {
        WebArchitecture module = new WebArchitecture(root);
        if (module.classes.isEmpty()) {
            throw new IllegalStateException("no main classes under " + root);
        }
        return module;
    }

    /** No two packages of the module import each other, directly or through others. */
    public WebArchitecture hasNoPackageCycles() {
        slices().matching(root + ".(**)").should().beFreeOfCycles().check(classes);
        return this;
    }

    /**
     * A web module holds the HTTP side alone: no persistence (entities and queries live in jpa-entities
     * and ejb-core), no session beans, and no use of ejb-core's rules ({@code control} packages) or of
     * its entities' persistence; it reaches the business through the components' boundaries.
     */
    public WebArchitecture holdsNoBusinessRulesNorPersistence() {
        noClasses().should().dependOnClassesThat().resideInAPackage("jakarta.persistence..")
                .because("persistence lives in jpa-entities and ejb-core").check(classes);
        noClasses().should().beAnnotatedWith("jakarta.ejb.Stateless").orShould().beAnnotatedWith("jakarta.ejb.Singleton")
                .orShould().beAnnotatedWith("jakarta.ejb.Stateful")
                .because("the business components are ejb-core's session beans").check(classes);
        noClasses().should().dependOnClassesThat().resideInAPackage("org.cbec..control..")
                .because("the rules are reached through a component's boundary").check(classes);
        return this;
    }
}
