package org.cbec;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * jpa-entities holds the stored shape of each component, nothing that serves a request: its packages
 * import each other in one direction only, and its classes know neither HTTP nor session beans.
 */
class EntitiesArchitectureTest {

    private static final JavaClasses ENTITIES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS).importPackages("org.cbec");

    @Test
    void theEntityPackagesHaveNoCycles() {
        slices().matching("org.cbec.(**)").should().beFreeOfCycles().check(ENTITIES);
    }

    @Test
    void everyClassIsInAComponentsEntityPackage() {
        classes().should().resideInAPackage("org.cbec.*.entity").check(ENTITIES);
    }

    @Test
    void noEntityKnowsHttpOrSessionBeans() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("jakarta.ws.rs..", "jakarta.ejb..", "jakarta.servlet..")
                .check(ENTITIES);
    }
}
