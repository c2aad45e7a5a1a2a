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
}
