package org.cbec.platform.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import java.util.ArrayList;
import java.util.List;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.validation.RequestChecks.Problem;
import org.junit.jupiter.api.Test;

class RequestChecksTest {

    record Line(@Required @Pattern(regexp = "[a-z]+", message = "must be lower-case letters") String goodsName,
            @Required @Min(value = 1, message = "must be at least 1") Long goodsQuantity) {
    }

    record Order(@Required @Pattern(regexp = "[A-Z0-9]{1,8}", message = "must be 1 to 8 capitals or digits") String ref,
            @Min(value = 0, message = "must not be negative") @Max(value = 100, message = "must be at most 100") Long amount,
            @Valid List<Line> products,
            @PlainText(max = 5) String note) {
    }

    @CheckOrder({"note", "amount", "ref", "products"})
    record Reordered(@Required String ref, @Required Long amount, List<Line> products, @Required String note) {
    }

    private static String failingField(Object request, RequestChecks.After... rules) {
        return assertThrows(InvalidRequestException.class, () -> RequestChecks.check(request, rules)).field();
    }

    @Test
    void aRequestThatMeetsEveryConstraintPasses() {
        RequestChecks.check(new Order("A1", 5L, List.of(new Line("tea", 1L)), "ok"));
        assertEquals(List.of(), RequestChecks.problems(new Order("A1", null, null, null)));
    }

    @Test
    void theRefusalNamesTheFieldAndItsMessageFollowsTheName() {
        InvalidRequestException e = assertThrows(InvalidRequestException.class,
                () -> RequestChecks.check(new Order("a-1", 5L, null, null)));
        assertEquals("ref", e.field());
        assertEquals("ref must be 1 to 8 capitals or digits", e.getMessage());
    }

    @Test
    void theFirstFailingFieldInDeclarationOrderIsNamed() {
        Order allWrong = new Order(null, -1L, List.of(new Line(null, 0L)), "too long");
        assertEquals(List.of(new Problem("ref", "ref is required"), new Problem("amount", "amount must not be negative"),
                new Problem("products[0].goodsName", "products[0].goodsName is required"),
                new Problem("products[0].goodsQuantity", "products[0].goodsQuantity must be at least 1"),
                new Problem("note", "note must be at most 5 characters")), RequestChecks.problems(allWrong));
        assertEquals("ref", failingField(allWrong));
        assertEquals("amount", failingField(new Order("A1", 101L, List.of(new Line(null, 0L)), "too long")));
        assertEquals("note", failingField(new Order("A1", 1L, null, "too long")));
    }

    @Test
    void listElementsAreNamedWithTheirIndexAndCheckedInListOrder() {
        List<Line> lines = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            lines.add(new Line("tea", 1L));
        }
        lines.set(2, new Line("tea", 0L));
        lines.set(10, new Line("TEA", 1L));
        lines.set(11, new Line(null, 0L));
        InvalidRequestException e = assertThrows(InvalidRequestException.class, () -> RequestChecks.check(new Order("A1", 1L, lines, null)));
        assertEquals("products[2].goodsQuantity", e.field(), "index 2 before 10, though \"10\" sorts before \"2\" as text");
        assertEquals("products[2].goodsQuantity must be at least 1", e.getMessage());
        assertEquals(List.of("products[2].goodsQuantity", "products[10].goodsName", "products[11].goodsName", "products[11].goodsQuantity"),
                RequestChecks.problems(new Order("A1", 1L, lines, null)).stream().map(Problem::field).toList());
    }

    @Test
    void aFieldsConstraintsAreCheckedInTheOrderTheyAreWritten() {
        // a blank ref breaks both @Required and @Pattern: the one written first is reported
        assertEquals(List.of(new Problem("ref", "ref is required")), RequestChecks.problems(new Order(" ", 1L, null, null)).subList(0, 1));
        assertEquals(2, RequestChecks.problems(new Order(" ", 1L, null, null)).size());
    }

    @Test
    void checkOrderReplacesTheDeclarationOrder() {
        assertEquals("note", failingField(new Reordered(null, null, null, null)));
        assertEquals("amount", failingField(new Reordered(null, null, null, "n")));
        assertEquals("ref", failingField(new Reordered(null, 1L, null, "n")));
    }

    @Test
    void aCheckOrderThatMissesAFieldIsAProgrammingError() {
        @CheckOrder({"b"})
        record Incomplete(@Required String a, @Required String b) {
        }
        assertThrows(IllegalStateException.class, () -> RequestChecks.check(new Incomplete(null, null)));
    }

    @Test
    void aRuleInCodeRunsInItsPlaceAmongTheConstraints() {
        RequestChecks.After amountBelowTen = RequestChecks.after("amount", () -> {
            throw new InvalidRequestException("amount", "amount must be below 10");
        });
        assertEquals("ref", failingField(new Order(null, 50L, null, "too long"), amountBelowTen), "a field before the rule's comes first");
        assertEquals("amount", failingField(new Order("A1", 50L, null, "too long"), amountBelowTen), "the rule comes before later fields");
        List<String> ran = new ArrayList<>();
        RequestChecks.check(new Order("A1", 50L, null, null), RequestChecks.after("note", () -> ran.add("note")),
                RequestChecks.after("ref", () -> ran.add("ref")));
        assertEquals(List.of("ref", "note"), ran, "rules run in field order, once each");
    }

    @Test
    void aRuleDoesNotRunWhenAnEarlierFieldFailed() {
        List<String> ran = new ArrayList<>();
        assertThrows(InvalidRequestException.class, () -> RequestChecks.check(new Order("A1", -1L, null, null),
                RequestChecks.after("note", () -> ran.add("note"))));
        assertTrue(ran.isEmpty());
    }

    @Test
    void aRuleAfterAFieldTheRecordDoesNotHaveIsAProgrammingError() {
        assertThrows(IllegalArgumentException.class, () -> RequestChecks.check(new Order("A1", 1L, null, null),
                RequestChecks.after("amount2", () -> { })));
    }

    @Test
    void messagesAreTakenLiterallyWithoutInterpolation() {
        record Braces(@Required(message = "is required: {value} ${1+1} \\ '$'") String x) {
        }
        assertEquals("x is required: {value} ${1+1} \\ '$'", assertThrows(InvalidRequestException.class,
                () -> RequestChecks.check(new Braces(null))).getMessage());
    }

    @Test
    void withoutAProviderByLookupTheContainersFactoryServesWithTheSameMessages() {
        jakarta.validation.Validator fallback = RequestChecks.validator(() -> {
            throw new jakarta.validation.NoProviderFoundException("none by lookup");
        }, () -> jakarta.validation.Validation.byDefaultProvider().configure().messageInterpolator(new jakarta.validation.MessageInterpolator() {
            // the container's own interpolation, which the request checks must not use
            @Override
            public String interpolate(String template, Context context) {
                return "container: " + template;
            }

            @Override
            public String interpolate(String template, Context context, java.util.Locale locale) {
                return "container: " + template;
            }
        }).buildValidatorFactory());
        record Braces(@Required(message = "is required: {value}") String x, @PlainText(max = 1) String y) {
        }
        assertEquals(java.util.Set.of("is required: {value}", "must be at most 1 characters"),
                fallback.validate(new Braces(null, "yy")).stream().map(jakarta.validation.ConstraintViolation::getMessage)
                        .collect(java.util.stream.Collectors.toSet()));
    }

    @Test
    void aListsOwnConstraintComesBeforeItsElements() {
        record Lines(@Required String ref,
                @jakarta.validation.constraints.NotNull(message = "is required") @jakarta.validation.constraints.Size(max = 1, message = "must have at most 1 line")
                @Valid List<Line> products) {
        }
        assertEquals(List.of(new Problem("products", "products must have at most 1 line"),
                new Problem("products[0].goodsQuantity", "products[0].goodsQuantity must be at least 1")),
                RequestChecks.problems(new Lines("A", List.of(new Line("tea", 0L), new Line("tea", 1L)))));
    }
}
