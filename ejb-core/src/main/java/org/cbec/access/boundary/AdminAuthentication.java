package org.cbec.access.boundary;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.auth.message.callback.PasswordValidationCallback;
import jakarta.security.enterprise.AuthenticationStatus;
import jakarta.security.enterprise.authentication.mechanism.http.HttpAuthenticationMechanism;
import jakarta.security.enterprise.authentication.mechanism.http.HttpMessageContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.security.Principal;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.security.auth.Subject;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.UnsupportedCallbackException;
import org.cbec.access.control.BasicCredentials;

/**
 * Logs the administrator in from HTTP Basic credentials, the Jakarta Security way: the container
 * then knows the caller and its groups, and the web modules' access filters ask it whether the
 * caller is in the role {@code admin} ({@link AdminCredentials#ROLE}, the group {@code admin} by
 * each WAR's {@code payara-web.xml}).
 *
 * <p>It never challenges and never refuses: a request without Basic credentials, or with wrong
 * ones, goes on unauthenticated ({@code doNothing}), so an API-key request is untouched, and an
 * admin request without a valid administrator gets the service's own JSON 401 from its access
 * filter, not the container's page. The two sources of {@link AdminCredentials}:
 * <ul>
 * <li>the configured administrator ({@code admin} with {@code admin.password}): logged in as
 * {@code admin} in the group {@code admin};</li>
 * <li>a user of the container's realm (Payara Server's {@code file} realm): the password is checked
 * by the container's Jakarta Authentication handler ({@link PasswordValidationCallback}, the module's
 * realm), which puts the user's realm groups in the subject; the user is logged in with those.</li>
 * </ul>
 * Failed logins are throttled per address and per user ({@link AdminLogins}); with an admin
 * listener configured ({@code admin.port}) credentials sent to any other port are ignored.
 * <p>
 * Once a web module has such a mechanism its container authenticates through Jakarta
 * Authentication, where {@code HttpServletRequest.login} is refused: the realm check is the
 * callback, not a login.
 */
@ApplicationScoped
public class AdminAuthentication implements HttpAuthenticationMechanism {

    /** The class name of the realm's group principals (GlassFish's {@code org.glassfish.security.common.Group}). */
    static final String GROUP_PRINCIPAL = "Group";

    @Inject
    AdminCredentials admin;

    @Inject
    AdminLogins logins;

    @Override
    public AuthenticationStatus validateRequest(HttpServletRequest request, HttpServletResponse response, HttpMessageContext context) {
        Optional<BasicCredentials> credentials = BasicCredentials.parse(request.getHeader("Authorization"));
        if (credentials.isEmpty() || credentials.get().user().isEmpty() || credentials.get().password().isEmpty()) {
            return context.doNothing();
        }
        BasicCredentials c = credentials.get();
        String address = request.getRemoteAddr();
        // Off the admin listener (when there is one) nobody logs in; a locked address or user is
        // not even checked: the access filter answers 429.
        if (!logins.onAdminPort(request.getLocalPort()) || logins.retryAfterSeconds(address, c.user()).isPresent()) {
            return context.doNothing();
        }
        if (admin.configured(c)) {
            logins.succeeded(address, c.user());
            return context.notifyContainerAboutLogin(AdminCredentials.USER, Set.of(AdminCredentials.ROLE));
        }
        Optional<Set<String>> groups = realmGroups(context, c);
        if (groups.isEmpty()) {
            logins.failed(address, c.user());
            return context.doNothing();
        }
        logins.succeeded(address, c.user());
        return context.notifyContainerAboutLogin(c.user(), groups.get());
    }

    /** The realm user's groups when the container's realm takes the password; empty when it does not. */
    static Optional<Set<String>> realmGroups(HttpMessageContext context, BasicCredentials c) {
        Subject subject = context.getClientSubject() != null ? context.getClientSubject() : new Subject();
        PasswordValidationCallback check = new PasswordValidationCallback(subject, c.user(), c.password().toCharArray());
        try {
            context.getHandler().handle(new Callback[] {check});
        } catch (IOException | UnsupportedCallbackException | RuntimeException noRealm) {
            return Optional.empty();
        } finally {
            check.clearPassword();
        }
        if (!check.getResult()) {
            return Optional.empty();
        }
        return Optional.of(subject.getPrincipals().stream().filter(p -> p.getClass().getSimpleName().equals(GROUP_PRINCIPAL))
                .map(Principal::getName).collect(Collectors.toUnmodifiableSet()));
    }
}
