package org.cbec.testing.arquillian;

import java.io.File;
import org.jboss.arquillian.container.spi.client.deployment.Deployment;
import org.jboss.arquillian.container.spi.client.deployment.DeploymentScenario;
import org.jboss.arquillian.container.spi.event.DeployManagedDeployments;
import org.jboss.arquillian.container.spi.event.UnDeployManagedDeployments;
import org.jboss.arquillian.container.spi.event.container.BeforeStop;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.impl.client.deployment.event.GenerateDeployment;
import org.jboss.arquillian.core.api.Event;
import org.jboss.arquillian.core.api.Instance;
import org.jboss.arquillian.core.api.InstanceProducer;
import org.jboss.arquillian.core.api.annotation.Inject;
import org.jboss.arquillian.core.api.annotation.Observes;
import org.jboss.arquillian.core.spi.EventContext;
import org.jboss.arquillian.core.spi.LoadableExtension;
import org.jboss.arquillian.test.spi.annotation.ClassScoped;
import org.jboss.arquillian.test.spi.context.ClassContext;
import org.jboss.shrinkwrap.api.Archive;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * One deployment, and so one Payara Micro, for every in-container suite of a module: the Micro
 * connector starts a server for each deployment, which took 30 to 40 s a suite on the CI's two
 * cores. The first suite's deployment is made and deployed as usual; each later suite of the same
 * test JVM runs against it, and it is undeployed (its Micro stopped) when the container stops at
 * the end of the run. Each suite's {@code @Deployment} builds the same archive with {@link #war},
 * which holds every suite of the package, so that whichever suite comes first deploys them all, and
 * a suite run alone deploys itself as before. The suites share the server's state as they already
 * shared its database: each works with merchants of its own.
 */
public class SharedDeployment implements LoadableExtension {

    /**
     * The archive every suite of {@code suite}'s package deploys: the module's WAR, the shared test
     * helpers ({@code org.cbec.testing}) and every class of that package.
     */
    public static WebArchive war(File war, Class<?> suite) {
        return ShrinkWrap.createFromZipFile(WebArchive.class, war)
                .addPackage(org.cbec.testing.Http.class.getPackage())
                .addPackage(suite.getPackage());
    }

    @Override
    public void register(ExtensionBuilder builder) {
        builder.observer(Keeper.class);
    }

    public static class Keeper {

        @Inject
        @ClassScoped
        private InstanceProducer<DeploymentScenario> scenario;

        @Inject
        private Instance<ClassContext> classContext;

        @Inject
        private Event<UnDeployManagedDeployments> undeploy;

        private DeploymentScenario shared;
        private Class<?> first;
        private boolean stopping;

        /** The first suite's deployment is made; a later suite is given it instead of its own. */
        public void generate(@Observes EventContext<GenerateDeployment> generating) {
            Class<?> suite = generating.getEvent().getTestClass().getJavaClass();
            if (shared == null) {
                generating.proceed();
                shared = scenario.get();
                first = suite;
                return;
            }
            if (!suite.isAnnotationPresent(RunAsClient.class)) {
                String path = "/WEB-INF/classes/" + suite.getName().replace('.', '/') + ".class";
                for (Deployment deployment : shared.deployments()) {
                    Archive<?> archive = deployment.getDescription().getTestableArchive();
                    if (archive != null && !archive.contains(path)) {
                        throw new IllegalStateException(suite.getName() + " runs inside the deployment " + first.getSimpleName()
                                + " made, which does not hold it: build every suite's @Deployment with SharedDeployment.war");
                    }
                }
            }
            scenario.set(shared);
        }

        /** Deployed once: a later suite finds it deployed. */
        public void deploy(@Observes EventContext<DeployManagedDeployments> deploying) {
            if (shared == null || shared.deployments().stream().noneMatch(Deployment::isDeployed)) {
                deploying.proceed();
            }
        }

        /** Kept after each suite; undeployed when the container stops. */
        public void undeploy(@Observes EventContext<UnDeployManagedDeployments> undeploying) {
            if (stopping || shared == null) {
                undeploying.proceed();
            }
        }

        public void stop(@Observes BeforeStop stop) {
            if (shared == null || stopping) {
                return;
            }
            stopping = true;
            ClassContext context = classContext.get();
            context.activate(first);
            try {
                scenario.set(shared);
                undeploy.fire(new UnDeployManagedDeployments());
            } finally {
                context.deactivate();
                context.destroy(first);
            }
        }
    }
}
