package org.cbec.platform.validation;

import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorFactory;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Path;
import jakarta.validation.Validation;
import jakarta.validation.ValidationException;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import org.cbec.platform.error.InvalidRequestException;

/**
 * Runs the Bean Validation constraints of a request record and refuses the request with an
 * {@link InvalidRequestException} for its first failing field, as the hand-written checks did.
 *
 * <p>A validator reports its violations as an unordered set, but which field a client is told
 * about when several fail is part of the API. So the violations are ordered: by the record's
 * fields ({@link CheckOrder}, else their declaration order), then, inside a list, by the element's
 * index and again by the element record's fields, and last by the order in which the constraints
 * are written on the field; a list's or a nested record's own constraints come before those of
 * its elements or fields. The field is named by its path in the request ({@code orderRef},
 * {@code products[2].goodsQuantity}) and the message is that path, a space and the constraint's
 * message.
 *
 * <p>A rule that reads several fields stays code, in the component's rules class; it is given to
 * {@link #check} with the field after whose constraints it used to run ({@link #after}), so the
 * order of the refusals is kept across constraints and code.
 */
public final class RequestChecks {

    private static final Logger LOG = Logger.getLogger(RequestChecks.class.getName());

    /**
     * One validator for the process (thread-safe; it caches each record's constraint metadata), with
     * literal messages and validators created with their no-argument constructors.
     */
    private static final Validator VALIDATOR = validator(RequestChecks::ownFactory, RequestChecks::containersFactory);

    /**
     * A factory of the provider that the class path offers: Payara's Hibernate Validator in the
     * server, the test-scoped one in unit tests. Where the provider lookup does not see the
     * server's provider, the factory the container offers every component under
     * {@code java:comp/ValidatorFactory} serves instead, with the same messages and validator
     * instances (not the container's CDI-created ones: these validators inject nothing).
     */
    static Validator validator(Supplier<ValidatorFactory> own, Supplier<ValidatorFactory> containers) {
        try {
            return own.get().usingContext().messageInterpolator(Messages.LITERAL).getValidator();
        } catch (ValidationException noProvider) {
            LOG.log(Level.INFO, "No Bean Validation provider found by lookup, using java:comp/ValidatorFactory", noProvider);
            return containers.get().usingContext().messageInterpolator(Messages.LITERAL)
                    .constraintValidatorFactory(new PlainValidators()).getValidator();
        }
    }

    private static ValidatorFactory ownFactory() {
        return Validation.byDefaultProvider().configure().messageInterpolator(Messages.LITERAL).buildValidatorFactory();
    }

    private static ValidatorFactory containersFactory() {
        try {
            return (ValidatorFactory) new InitialContext().lookup("java:comp/ValidatorFactory");
        } catch (NamingException e) {
            throw new IllegalStateException("no Bean Validation provider on the class path nor in java:comp", e);
        }
    }

    /** Creates each constraint validator with its no-argument constructor. */
    static final class PlainValidators implements ConstraintValidatorFactory {
        @Override
        public <T extends ConstraintValidator<?, ?>> T getInstance(Class<T> key) {
            try {
                return key.getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException e) {
                throw new ValidationException("cannot create " + key.getName(), e);
            }
        }

        @Override
        public void releaseInstance(ConstraintValidator<?, ?> instance) {
            // nothing held
        }
    }

    private static final Map<Class<?>, List<String>> ORDERS = new ConcurrentHashMap<>();

    private RequestChecks() {
    }

    /** A field that failed: its path in the request and the whole message. */
    public record Problem(String field, String message) {
    }

    /** A rule in code that runs once every field up to {@code field}, in the checking order, passed its constraints. */
    public record After(String field, Runnable rule) {
    }

    public static After after(String field, Runnable rule) {
        return new After(field, rule);
    }

    /**
     * Refuses {@code request} for its first failing field, constraint or rule; returns when all pass.
     *
     * @throws IllegalArgumentException if a rule names a field that the record does not have
     */
    public static void check(Object request, After... rules) {
        Objects.requireNonNull(request, "request");
        List<String> order = order(request.getClass());
        for (After r : rules) {
            if (!order.contains(r.field())) {
                throw new IllegalArgumentException(request.getClass().getSimpleName() + " has no field " + r.field());
            }
        }
        List<Ranked> problems = ranked(request);
        for (String field : order) {
            for (Ranked p : problems) {
                if (p.topField().equals(field)) {
                    throw new InvalidRequestException(p.problem().field(), p.problem().message());
                }
            }
            for (After r : rules) {
                if (r.field().equals(field)) {
                    r.rule().run();
                }
            }
        }
    }

    /** Every failing field's problem, first failing first; empty when the constraints pass. */
    public static List<Problem> problems(Object request) {
        return ranked(request).stream().map(Ranked::problem).toList();
    }

    private record Ranked(List<Integer> rank, String topField, Problem problem) {
    }

    private static final Comparator<List<Integer>> LEXICOGRAPHIC = (a, b) -> {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = Integer.compare(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    };

    private static List<Ranked> ranked(Object request) {
        Objects.requireNonNull(request, "request");
        List<Ranked> ranked = new ArrayList<>();
        for (ConstraintViolation<Object> v : VALIDATOR.validate(request)) {
            ranked.add(rank(request, v));
        }
        ranked.sort(Comparator.comparing(Ranked::rank, LEXICOGRAPHIC));
        return ranked;
    }

    /** Walks the violation's path through the request, ranking each step, and names the path as the request spells it. */
    private static Ranked rank(Object request, ConstraintViolation<Object> v) {
        List<Integer> rank = new ArrayList<>();
        StringBuilder path = new StringBuilder();
        String topField = null;
        Object bean = request;
        Object owner = null;
        String name = null;
        for (Path.Node node : v.getPropertyPath()) {
            if (node.getName() == null) {
                continue;
            }
            if (node.isInIterable() && node.getIndex() != null) {
                rank.add(node.getIndex());
                path.append('[').append(node.getIndex()).append(']');
                bean = bean instanceof List<?> list ? list.get(node.getIndex()) : null;
            }
            if (bean == null) {
                throw new IllegalStateException("cannot follow " + v.getPropertyPath() + " through the request");
            }
            name = node.getName();
            owner = bean;
            rank.add(order(owner.getClass()).indexOf(name));
            path.append(path.isEmpty() ? "" : ".").append(name);
            if (topField == null) {
                topField = name;
            }
            bean = value(owner, name);
        }
        if (owner == null) {
            throw new IllegalStateException("a constraint on a whole request is not supported: " + v.getConstraintDescriptor());
        }
        // -1 ranks a field's own constraints before those of what it holds (its elements' and fields')
        rank.add(-1);
        rank.add(constraintPosition(owner.getClass(), name, v.getConstraintDescriptor().getAnnotation()));
        String field = path.toString();
        return new Ranked(rank, topField, new Problem(field, field + " " + v.getMessage()));
    }

    /** The fields of a request type in checking order: {@link CheckOrder}, else the record's components, else the declared fields. */
    static List<String> order(Class<?> type) {
        return ORDERS.computeIfAbsent(type, RequestChecks::readOrder);
    }

    private static List<String> readOrder(Class<?> type) {
        List<String> declared = type.isRecord()
                ? Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList()
                : Arrays.stream(type.getDeclaredFields()).map(Field::getName).toList();
        CheckOrder explicit = type.getAnnotation(CheckOrder.class);
        if (explicit == null) {
            return declared;
        }
        List<String> listed = List.of(explicit.value());
        if (listed.size() != declared.size() || !new HashSet<>(listed).equals(new HashSet<>(declared))) {
            throw new IllegalStateException("@CheckOrder of " + type.getName() + " must name each of its fields once: " + declared);
        }
        return listed;
    }

    private static Object value(Object bean, String name) {
        try {
            Field f = bean.getClass().getDeclaredField(name);
            f.setAccessible(true);
            return f.get(bean);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read " + name + " of " + bean.getClass().getName(), e);
        }
    }

    /** Where the constraint is written among the field's annotations; a constraint found elsewhere comes after them. */
    private static int constraintPosition(Class<?> type, String name, Annotation constraint) {
        try {
            Annotation[] written = type.getDeclaredField(name).getDeclaredAnnotations();
            for (int i = 0; i < written.length; i++) {
                if (written[i].equals(constraint)) {
                    return i;
                }
            }
            return written.length;
        } catch (NoSuchFieldException e) {
            return Integer.MAX_VALUE;
        }
    }
}
