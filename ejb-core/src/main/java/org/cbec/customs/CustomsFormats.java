package org.cbec.customs;

import java.util.Set;

/**
 * What each field of a customs request looks like: the customs offices, patterns, limits and words
 * its constraints and the rules share ({@code control.CustomsRules} checks what reads several fields).
 */
public final class CustomsFormats {

    /** Spec 2.9; GUANGZHOU_ZS when none is given. */
    public static final Set<String> CUSTOMS = Set.of("GUANGZHOU_ZS", "HANGZHOU_ZS", "NINGBO", "ZHENGZHOU_BS", "CHONGQING",
            "SHANGHAI_ZS", "SHENZHEN", "ZHENGZHOU_ZH_ZS", "TIANJIN");
    public static final String DEFAULT_CUSTOMS = "GUANGZHOU_ZS";
    public static final String OFFICE_RULE = "must be one of " + String.join(", ", CUSTOMS.stream().sorted().toList());
    /** Order numbers at customs: 1 to 32 letters or digits. */
    public static final String ORDER_NO = "[A-Za-z0-9]{1,32}";
    public static final String ORDER_NO_RULE = "must be 1 to 32 letters or digits";
    /** The companies' and customs' identifiers: transaction ids, customs registration numbers, sub-order ids. */
    public static final String TEXT_ID = "[A-Za-z0-9_\\-]{1,64}";
    public static final String TEXT_ID_RULE = "must be 1 to 64 letters, digits, '_' or '-'";
    public static final String CERT_TYPE_RULE = "must be IDCARD (mainland resident identity card)";
    public static final String CERT_NAME_RULE = "is required, in Chinese characters (a middle dot is allowed)";
    public static final long MAX_FEN = 1_000_000_000L;
    public static final String FEN_RULE = "must be an amount in fen, not negative";

    private CustomsFormats() {
    }
}
