package org.cbec.access.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import jakarta.security.auth.message.callback.PasswordValidationCallback;
import jakarta.security.enterprise.AuthenticationStatus;
import jakarta.security.enterprise.authentication.mechanism.http.HttpMessageContext;
import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.security.auth.Subject;
import javax.security.auth.callback.CallbackHandler;
import org.junit.jupiter.api.Test;

/**
 * The admin mechanism's decisions, with the container stood in for: what it tells the container
 * (log in whom, with which groups, or nothing) for each kind of credentials.
 */
class AdminAuthenticationTest {

    /** A realm group principal as the container's login module adds it (matched by its class's simple name). */
    record Group(String getName) implements Principal {
    }

    record User(String getName) implements Principal {
    }

    /** What the mechanism told the container. */
    static final class Container {
        String loggedIn;
        Set<String> groups;
        int nothings;
        final List<String> realmChecks = new ArrayList<>();
        final Subject subject = new Subject();
        /** The realm: user "ops" with password "ops-pw" in the groups admin and staff, "clerk" with "clerk-pw" in staff. */
        final CallbackHandler realm = callbacks -> {
            PasswordValidationCallback check = (PasswordValidationCallback) callbacks[0];
            String password = new String(check.getPassword());
            realmChecks.add(check.getUsername());
            boolean ok = check.getUsername().equals("ops") && password.equals("ops-pw")
                    || check.getUsername().equals("clerk") && password.equals("clerk-pw");
            if (ok) {
                check.getSubject().getPrincipals().add(new User(check.getUsername()));
                check.getSubject().getPrincipals().add(new Group("staff"));
                if (check.getUsername().equals("ops")) {
                    check.getSubject().getPrincipals().add(new Group("admin"));
                }
            }
            check.setResult(ok);
        };

        HttpMessageContext context() {
            return (HttpMessageContext) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {HttpMessageContext.class},
                    (proxy, method, args) -> switch (method.getName()) {
                        case "doNothing" -> {
                            nothings++;
                            yield AuthenticationStatus.NOT_DONE;
                        }
                        case "notifyContainerAboutLogin" -> {
                            loggedIn = (String) args[0];
                            @SuppressWarnings("unchecked")
                            Set<String> g = (Set<String>) args[1];
                            groups = g;
                            yield AuthenticationStatus.SUCCESS;
                        }
                        case "getClientSubject" -> subject;
                        case "getHandler" -> realm;
                        default -> throw new UnsupportedOperationException(method.getName());
                    });
        }
    }

    private static HttpServletRequest request(String authorization) {
        return request(authorization, 8080);
    }

    /** A request from 192.0.2.1 to the local port {@code localPort}. */
    private static HttpServletRequest request(String authorization, int localPort) {
        return (HttpServletRequest) Proxy.newProxyInstance(AdminAuthenticationTest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getHeader") && "Authorization".equals(args[0])) {
                        return authorization;
                    }
                    return switch (method.getName()) {
                        case "getRemoteAddr" -> "192.0.2.1";
                        case "getLocalPort" -> localPort;
                        default -> throw new UnsupportedOperationException(method.getName());
                    };
                });
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    private static AdminAuthentication mechanism(String configuredPassword) {
        AdminAuthentication m = new AdminAuthentication();
        m.admin = new AdminCredentials();
        m.admin.password = Optional.ofNullable(configuredPassword);
        m.logins = new AdminLogins();
        m.logins.maxFailures = 3;
        m.logins.maxFailuresPerUser = 10;
        m.logins.lockSeconds = 1;
        m.logins.maxLockSeconds = 30;
        m.logins.ledger = new org.cbec.access.control.MemoryLoginLedger();
        m.logins.adminPort = Optional.empty();
        m.logins.init();
        return m;
    }

    private static Container run(AdminAuthentication m, String authorization) {
        Container c = new Container();
        m.validateRequest(request(authorization), null, c.context());
        return c;
    }

    @Test
    void withoutBasicCredentialsTheRequestGoesOnUnauthenticatedAndTheRealmIsNotAsked() {
        for (String header : new String[] {null, "Bearer abc", "Basic !!!", basic("", "x"), basic("ops", "")}) {
            Container c = run(mechanism("pw"), header);
            assertEquals(1, c.nothings, String.valueOf(header));
            assertNull(c.loggedIn);
            assertEquals(List.of(), c.realmChecks, "no realm check for " + header);
        }
    }

    @Test
    void theConfiguredAdministratorIsLoggedInAsAdminInTheGroupAdmin() {
        Container c = run(mechanism("pw"), basic("admin", "pw"));
        assertEquals("admin", c.loggedIn);
        assertEquals(Set.of("admin"), c.groups);
        assertEquals(List.of(), c.realmChecks, "the configured password answers without the realm");
    }

    @Test
    void aWrongPasswordIsNeverAChallengeOnlyNothing() {
        Container c = run(mechanism("pw"), basic("admin", "wrong"));
        assertNull(c.loggedIn);
        assertEquals(1, c.nothings, "the access filter answers the JSON 401, not the container");
        assertEquals(List.of("admin"), c.realmChecks, "the realm may still know this user");
    }

    @Test
    void aRealmUserIsLoggedInWithTheGroupsTheRealmGaveAndOnlyTheGroups() {
        Container ops = run(mechanism(null), basic("ops", "ops-pw"));
        assertEquals("ops", ops.loggedIn);
        assertEquals(Set.of("admin", "staff"), ops.groups, "the user's own principal is not a group");

        Container clerk = run(mechanism(null), basic("clerk", "clerk-pw"));
        assertEquals("clerk", clerk.loggedIn);
        assertFalse(clerk.groups.contains("admin"), "a realm user outside the group admin gets no admin role: " + clerk.groups);

        Container wrong = run(mechanism(null), basic("ops", "nope"));
        assertNull(wrong.loggedIn);
        assertEquals(1, wrong.nothings);
    }

    @Test
    void withoutAConfiguredPasswordTheUserAdminIsAskedOfTheRealmOnly() {
        Container c = run(mechanism(""), basic("admin", ""));
        assertNull(c.loggedIn);
        Container d = run(mechanism(null), basic("admin", "anything"));
        assertNull(d.loggedIn);
        assertEquals(List.of("admin"), d.realmChecks);
    }

    @Test
    void aLockedAddressIsNotCheckedEvenWithTheRightPassword() {
        AdminAuthentication m = mechanism("pw");
        for (int i = 0; i < 3; i++) {
            run(m, basic("ops", "guess-" + i));
        }
        Container c = run(m, basic("ops", "ops-pw"));
        assertNull(c.loggedIn);
        assertEquals(List.of(), c.realmChecks, "no realm check while locked");
        assertNull(run(m, basic("admin", "pw")).loggedIn, "the address is locked for every user");
    }

    @Test
    void withAnAdminPortCredentialsSentToAnotherPortAreIgnored() {
        AdminAuthentication m = mechanism("pw");
        m.logins.adminPort = Optional.of(9090);
        Container elsewhere = new Container();
        m.validateRequest(request(basic("admin", "pw"), 8080), null, elsewhere.context());
        assertNull(elsewhere.loggedIn);
        Container there = new Container();
        m.validateRequest(request(basic("admin", "pw"), 9090), null, there.context());
        assertEquals("admin", there.loggedIn);
    }
}
