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
 * {@code customs}, {@code webhook}, and the money's use cases {@code payment}, {@code refund},
 * {@code settlement}, {@code payout}, {@code reconciliation} and {@code dispatch}), the companies
 * behind their port ({@code company}) and the shared {@code platform} import each other in one
 * direction only. The money's use cases: {@code dispatch} (the janitor) knows none of them;
 * {@code payment} (and what every money request shares on its way to a company) knows only
 * {@code dispatch}; {@code settlement} and {@code payout} build on {@code payment} and know each
 * other not; {@code refund} builds on {@code payment} and {@code settlement}; {@code reconciliation}
 * builds on all and nothing builds on it. In a component, {@code boundary} holds the entry points
 * (session and CDI beans), {@code control} the rules and the ledgers behind them, and the
 * component's own package the values both take and give (requests, views, field formats); the
 * entities are in jpa-entities. The bytecode misses what only javadoc names: {@link SourceImportsTest}
 * reads the sources for that.
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
                        "org.cbec.refund..", "org.cbec.settlement..", "org.cbec.payout..", "org.cbec.reconciliation..",
                        "org.cbec.dispatch", "org.cbec.dispatch.boundary..", "org.cbec.dispatch.control..",
                        "org.cbec.customs", "org.cbec.customs.boundary..", "org.cbec.customs.control..",
                        "org.cbec.webhook..", "org.cbec.cart..", "org.cbec.access..")
                .because("the port speaks the companies' terms; the components translate").check(CORE);
    }

    @Test
    void thePlatformKnowsNoComponent() {
        noClasses().that().resideInAPackage("org.cbec.platform..").should().dependOnClassesThat()
                .resideInAnyPackage("org.cbec.payment..", "org.cbec.refund..", "org.cbec.settlement..", "org.cbec.payout..",
                        "org.cbec.reconciliation..", "org.cbec.dispatch..", "org.cbec.customs..", "org.cbec.webhook..",
                        "org.cbec.cart..", "org.cbec.access..", "org.cbec.company..")
                .check(CORE);
    }

    @Test
    void thePaymentKnowsNoUseCaseBuiltOnIt() {
        noClasses().that().resideInAPackage("org.cbec.payment..").should().dependOnClassesThat()
                .resideInAnyPackage("org.cbec.refund..", "org.cbec.settlement..", "org.cbec.payout..", "org.cbec.reconciliation..")
                .because("refunds, settlements, payouts and the reconciliation build on payments, never the other way").check(CORE);
    }

    @Test
    void settlementAndPayoutKnowOnlyThePaymentBelowThem() {
        noClasses().that().resideInAPackage("org.cbec.settlement..").should().dependOnClassesThat()
                .resideInAnyPackage("org.cbec.refund..", "org.cbec.payout..", "org.cbec.reconciliation..").check(CORE);
        noClasses().that().resideInAPackage("org.cbec.payout..").should().dependOnClassesThat()
                .resideInAnyPackage("org.cbec.refund..", "org.cbec.settlement..", "org.cbec.reconciliation..").check(CORE);
    }

    @Test
    void aRefundKnowsThePaymentAndItsSplitsOnly() {
        noClasses().that().resideInAPackage("org.cbec.refund..").should().dependOnClassesThat()
                .resideInAnyPackage("org.cbec.payout..", "org.cbec.reconciliation..")
                .because("a refund of held money must fit in what is not split; it knows nothing else above payment").check(CORE);
    }

    @Test
    void nothingBuildsOnTheReconciliation() {
        noClasses().that().resideOutsideOfPackage("org.cbec.reconciliation..").should().dependOnClassesThat()
                .resideInAPackage("org.cbec.reconciliation..")
                .because("the reconciliation checks every money component; none of them waits for it").check(CORE);
    }

    @Test
    void theJanitorKnowsNoMoneyComponent() {
        noClasses().that().resideInAPackage("org.cbec.dispatch..").should().dependOnClassesThat()
                .resideInAnyPackage("org.cbec.payment", "org.cbec.payment.boundary..", "org.cbec.payment.control..",
                        "org.cbec.refund..", "org.cbec.settlement..", "org.cbec.payout..", "org.cbec.reconciliation..",
                        "org.cbec.customs..", "org.cbec.cart..", "org.cbec.webhook..")
                .because("what a request is and how it is asked about is its component's (the Attempts SPI)").check(CORE);
    }
}
