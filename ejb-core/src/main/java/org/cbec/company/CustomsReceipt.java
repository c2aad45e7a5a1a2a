package org.cbec.company;

import java.time.OffsetDateTime;

/**
 * The single window's receipt of a declared order (CEB312): which order ({@code orderGuid}, the
 * message's; {@code orderNo}, the platform's), its status code as customs gives it (2 sent to
 * customs, 120 stored by customs, 100 returned, 800 released, …; docs/companies/single-window.md),
 * when, and customs' words ({@code info}, the reason of a return).
 */
public record CustomsReceipt(String guid, String orderGuid, String ebpCode, String ebcCode, String orderNo, String status,
        OffsetDateTime time, String info) {

    /** Where the payment ({@code MATCHED}, {@code MISSING}, {@code DIFFERENT} in {@code paymentField}) and the waybill stand. */
    public record Documents(String payment, String paymentField, String waybill) {
    }

    private static final java.util.regex.Pattern DOCUMENTS =
            java.util.regex.Pattern.compile("; payment (MATCHED|MISSING|DIFFERENT)(?: ([A-Za-z.]+))?; waybill (MATCHED|MISSING)$");

    /** The documents' standing customs' words end with (docs/companies/single-window.md), if they end with one. */
    public java.util.Optional<Documents> documents() {
        java.util.regex.Matcher m = info == null ? null : DOCUMENTS.matcher(info);
        return m != null && m.find() ? java.util.Optional.of(new Documents(m.group(1), m.group(2), m.group(3))) : java.util.Optional.empty();
    }
}
