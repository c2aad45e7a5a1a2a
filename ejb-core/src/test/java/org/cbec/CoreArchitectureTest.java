package org.cbec;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * ejb-core's packages and the role of each. The business components ({@code access}, {@code cart},
 * {@code customs}, {@code payment}, {@code webhook}), the companies behind their port
 * ({@code company}) and the shared {@code platform} import each other in one direction only. In a
 * component, {@code boundary} holds the entry points (session and CDI beans), {@code control} the
 * rules and the ledgers behind them, and the component's own package the values both take and give
 * (requests, views, field formats); the entities are in jpa-entities.
 */
class CoreArchitectureTest {

    /** This module's main classes alone (in a reactor build the entities' classes are a directory on the class path too). */
    private static final JavaClasses CORE = new ClassFileImporter().importPath(Path.of("target", "classes"));

    /**
     * Scheduled work (merchant events, reconciliations, bills and their leases) and anything else
     * started with the application waits for the schema: a timer that fires while the migrations
     * run reads tables and columns that are not there yet.
     */
    @Test
    void everyStartupBeanStartsAfterTheSchemaIsMigrated() {
        classes().that().areAnnotatedWith("jakarta.ejb.Startup").and().doNotHaveSimpleName("SchemaMigrator").should()
                .beAnnotatedWith(com.tngtech.archunit.base.DescribedPredicate.describe("@DependsOn(\"SchemaMigrator\")",
                        a -> a.getRawType().getName().equals("jakarta.ejb.DependsOn") && a.get("value")
                                .map(v -> java.util.Arrays.asList((Object[]) v).contains("SchemaMigrator")).orElse(false)))
                .check(CORE);
    }

    @Test
    void theComponentsImportEachOtherInOneDirectionOnly() {
        slices().matching("org.cbec.(*)..").should().beFreeOfCycles().check(CORE);
    }

    @Test
    void noTwoPackagesImportEachOther() {
        slices().matching("org.cbec.(**)").should().beFreeOfCycles().check(CORE);
    }

    @Test
    void theRulesDoNotReachBackIntoTheEntryPoints() {
        noClasses().that().resideInAPackage("..control..").should().dependOnClassesThat().resideInAPackage("..boundary..")
                .check(CORE);
    }

    @Test
    void aBoundaryHoldsEntryPointsOnly() {
        classes().that().resideInAPackage("..boundary..").and().areTopLevelClasses().should()
                .beAnnotatedWith("jakarta.ejb.Stateless").orShould().beAnnotatedWith("jakarta.ejb.Singleton")
                .orShould().beAnnotatedWith("jakarta.enterprise.context.ApplicationScoped")
                .orShould().beAnnotatedWith("jakarta.enterprise.context.RequestScoped")
                .because("the values go in the component's own package and the rules in control").check(CORE);
    }

    @Test
    void rulesAndLedgersAreInControl() {
        classes().that().haveSimpleNameEndingWith("Rules").or().haveSimpleNameEndingWith("Ledger").should()
                .resideInAPackage("..control..").check(CORE);
    }

    @Test
    void theCompaniesKnowNoBusinessComponent() {
        noClasses().that().resideInAPackage("org.cbec.company..").should().dependOnClassesThat()
                .resideInAnyPackage("org.cbec.payment", "org.cbec.payment.boundary..", "org.cbec.payment.control..",
                        "org.cbec.customs", "org.cbec.customs.boundary..", "org.cbec.customs.control..",
                        "org.cbec.webhook..", "org.cbec.cart..", "org.cbec.access..")
                .because("the port speaks the companies' terms; the components translate").check(CORE);
    }

    @Test
    void thePlatformKnowsNoComponent() {
        noClasses().that().resideInAPackage("org.cbec.platform..").should().dependOnClassesThat()
                .resideInAnyPackage("org.cbec.payment..", "org.cbec.customs..", "org.cbec.webhook..", "org.cbec.cart..",
                        "org.cbec.access..", "org.cbec.company..")
                .check(CORE);
    }
}
