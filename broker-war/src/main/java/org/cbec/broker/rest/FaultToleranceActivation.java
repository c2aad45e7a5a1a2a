package org.cbec.broker.rest;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.faulttolerance.Timeout;

/**
 * Payara applies MicroProfile Fault Tolerance to the beans of the EJB module of an EAR only when
 * the web module itself contains a class that uses a Fault Tolerance annotation
 * (docs/operating/payara-notes.md). This class is that class, kept in the WAR that Payara Micro
 * runs as well, so that both runtimes see the same thing.
 */
@ApplicationScoped
public class FaultToleranceActivation {

    /** Never called: its annotation is what makes Payara enable Fault Tolerance for this module. */
    @Timeout(1000)
    public void activate() {
        // nothing to do
    }
}
