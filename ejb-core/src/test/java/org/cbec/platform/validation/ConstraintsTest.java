package org.cbec.platform.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.cbec.platform.identity.ResidentId;
import org.cbec.platform.validation.RequestChecks.Problem;
import org.junit.jupiter.api.Test;

/** Each constraint of the kit: what it accepts, what it refuses with which words, and that null passes unless it is {@code @Required}. */
class ConstraintsTest {

    private static final String ID = "11010519491231002" + ResidentId.checkCharacter("11010519491231002");

    enum Colour { RED, GREEN }

    record Req(@Required String text, @Required Long number) {
    }

    record Given(@NotBlankIfGiven String text) {
    }

    record Plain(@PlainText(max = 4) String text) {
    }

    record Choice(@OneOf(value = {"ADD", "MODIFY"}, message = "must be ADD or MODIFY") String action,
            @OneOf(enumeration = Colour.class, message = "must be RED or GREEN") String colour) {
    }

    record Url(@HttpUrl(max = 30) String url) {
    }

    record Time(@OffsetTimestamp String at) {
    }

    record Id(@ResidentIdNumber String certId) {
    }

    record Name(@CjkName String name) {
    }

    record Mobile(@MainlandMobile String phone) {
    }

    private static List<Problem> problems(Object request) {
        return RequestChecks.problems(request);
    }

    private static String message(Object request) {
        List<Problem> p = problems(request);
        assertEquals(1, p.size(), p::toString);
        return p.get(0).message();
    }

    @Test
    void requiredRefusesNullAndBlankText() {
        assertEquals(List.of(new Problem("text", "text is required"), new Problem("number", "number is required")), problems(new Req(null, null)));
        assertEquals("text is required", message(new Req(" \t", 1L)));
        assertEquals(List.of(), problems(new Req("x", 0L)));
    }

    @Test
    void notBlankIfGivenRefusesOnlyABlankValue() {
        assertEquals(List.of(), problems(new Given(null)));
        assertEquals(List.of(), problems(new Given("S1")));
        assertEquals("text is required", message(new Given("")));
    }

    @Test
    void anHttpUrlHasAPortAClientCanSendTo() {
        assertEquals(List.of(), problems(new Url("http://a.example:65535/p")));
        assertEquals(List.of(), problems(new Url("https://a.example/p")));
        assertEquals("url must be an absolute http or https URL of at most 30 characters", message(new Url("http://a.example:99999/p")));
        assertEquals("url must be an absolute http or https URL of at most 30 characters", message(new Url("http://a.example:0/p")));
    }

    @Test
    void plainTextHasAMaximumLengthAndNoControlCharacters() {
        assertEquals(List.of(), problems(new Plain(null)));
        assertEquals("text must not contain control characters", message(new Plain("a\tb")), "the companies refuse a tab");
        assertEquals(List.of(), problems(new Plain("é\u00a0ü")), "Latin-1 letters and the no-break space are text");
        assertEquals("text must be at most 4 characters", message(new Plain("abcde")));
        assertEquals("text must not contain control characters", message(new Plain("a\u0000")));
        assertEquals("text must not contain control characters", message(new Plain("\u007f")));
    }

    @Test
    void plainTextIsOneLineWithoutC1Controls() {
        assertEquals("text must not contain control characters", message(new Plain("a\nb")));
        assertEquals("text must not contain control characters", message(new Plain("a\rb")));
        assertEquals("text must not contain control characters", message(new Plain("a\u0085")));
        assertEquals("text must not contain control characters", message(new Plain("\u0080")));
        assertEquals("text must not contain control characters", message(new Plain("\u009f")));
    }

    @Test
    void oneOfTakesTheListedValuesOrTheEnumsNames() {
        assertEquals(List.of(), problems(new Choice(null, null)));
        assertEquals(List.of(), problems(new Choice("MODIFY", "GREEN")));
        assertEquals("action must be ADD or MODIFY", message(new Choice("add", null)));
        assertEquals("action must be ADD or MODIFY", message(new Choice("", null)));
        assertEquals("colour must be RED or GREEN", message(new Choice(null, "BLUE")));
    }

    @Test
    void httpUrlIsAbsoluteHttpOrHttpsWithAHostWithinItsLength() {
        assertEquals(List.of(), problems(new Url(null)));
        assertEquals(List.of(), problems(new Url("https://m.example/n?a=1")));
        assertEquals(List.of(), problems(new Url("HTTP://m.example")));
        for (String bad : new String[] {"/relative", "ftp://m.example/x", "javascript:alert(1)", "http:/nohost", "http://m.example/" + "x".repeat(14),
                "http://bad host/"}) {
            assertEquals("url must be an absolute http or https URL of at most 30 characters", message(new Url(bad)), bad);
        }
    }

    @Test
    void offsetTimestampNeedsTheOffset() {
        assertEquals(List.of(), problems(new Time(null)));
        assertEquals(List.of(), problems(new Time("2026-12-01T10:00:00+08:00")));
        assertEquals(List.of(), problems(new Time("2026-12-01T02:00:00Z")));
        assertEquals("at must be an ISO 8601 timestamp with offset", message(new Time("2026-12-01T10:00:00")));
        assertEquals("at must be an ISO 8601 timestamp with offset", message(new Time("tomorrow")));
    }

    @Test
    void residentIdNumberGivesTheFirstProblemWithoutTheNumber() {
        assertEquals(List.of(), problems(new Id(null)));
        assertEquals(List.of(), problems(new Id(ID)));
        assertEquals("certId must be 18 characters", message(new Id("")));
        assertEquals("certId must be 17 digits followed by a digit or an upper-case X", message(new Id("11010519491231002x")));
        assertEquals("certId has an unknown region code", message(new Id("99" + ID.substring(2))));
        String wrongCheck = ID.substring(0, 17) + (ID.charAt(17) == '1' ? '2' : '1');
        String m = message(new Id(wrongCheck));
        assertEquals("certId has a wrong check character", m);
        assertFalse(m.contains(wrongCheck.substring(6, 14)));
    }

    @Test
    void cjkNameTakesChineseWithAMiddleDot() {
        assertEquals(List.of(), problems(new Name(null)));
        assertEquals(List.of(), problems(new Name("阿依古丽·买买提")));
        assertEquals("name must be written in Chinese characters (a middle dot is allowed)", message(new Name("Zhang San")));
        assertEquals("name must be written in Chinese characters (a middle dot is allowed)", message(new Name("·张三")));
        assertEquals("name must be written in Chinese characters (a middle dot is allowed)", message(new Name("")));
    }

    @Test
    void mainlandMobileTakesElevenDigitsWithAnOptionalCountryCode() {
        assertEquals(List.of(), problems(new Mobile(null)));
        assertEquals(List.of(), problems(new Mobile("13812345678")));
        assertEquals(List.of(), problems(new Mobile("+86 13812345678")));
        assertEquals("phone must be a mainland mobile number (optionally +86)", message(new Mobile("12812345678")));
        assertEquals("phone must be a mainland mobile number (optionally +86)", message(new Mobile("86 13812345678")));
    }
}
