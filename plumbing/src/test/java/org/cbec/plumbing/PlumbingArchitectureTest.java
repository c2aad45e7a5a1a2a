package org.cbec.plumbing;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * plumbing's packages: free of cycles, all under {@code org.cbec.plumbing}, and linking neither
 * the broker's nor the sandbox's code, nor a container API (no session beans, no CDI, no HTTP, no
 * persistence): both the broker's EJB module and the sandbox's WAR link it, in the EAR from
 * {@code lib/}, where it could see neither.
 */
class PlumbingArchitectureTest {

    /** This module's main classes alone. */
    private static final JavaClasses PLUMBING = new ClassFileImporter().importPath(Path.of("target", "classes"));

    @Test
    void noTwoPackagesImportEachOther() {
        slices().matching("org.cbec.(**)").should().beFreeOfCycles().check(PLUMBING);
    }

    @Test
    void everyClassIsUnderThePlumbingPackage() {
        classes().should().resideInAPackage("org.cbec.plumbing..").check(PLUMBING);
    }

    @Test
    void nothingHereKnowsAnotherModule() {
        noClasses().should().dependOnClassesThat(resideInAPackage("org.cbec..").and(not(resideInAPackage("org.cbec.plumbing.."))))
                .check(PLUMBING);
    }

    @Test
    void nothingHereNeedsAContainer() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("jakarta.ejb..", "jakarta.enterprise..", "jakarta.inject..",
                "jakarta.ws.rs..", "jakarta.servlet..", "jakarta.persistence..", "org.eclipse.microprofile..")
                .check(PLUMBING);
    }
}
