package org.cbec.sandbox.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.net.URI;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.cbec.company.CustomsOrder;
import org.cbec.company.CustomsReceipt;
import org.cbec.company.window.Ceb311;
import org.cbec.company.window.Ceb312;
import org.cbec.company.window.WindowSigning;
import org.cbec.plumbing.crypto.Pem;
import org.cbec.sandbox.it.Http.Reply;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The sandbox's customs single window over HTTP, spoken to with the broker's own side of its
 * protocol: the order message written by {@code Ceb311} and signed by {@code WindowSigning} under
 * the key the window registered for the enterprise, every receipt checked and read by
 * {@code Ceb312} against the key the window publishes. The payments are made and declared at the
 * payment companies as a merchant does, so that the window matches the documents they forward.
 */
class WindowIT {

    static final String PLATFORM = "4401960ABC";
    static final String ID = "11010519491231002X";
    static final String NAME = "张三";

    URI base;

    @BeforeEach
    void base() {
        base = SandboxMerchant.sandbox();
    }

    /** An enterprise registered at the window, the key it signs with and the window's key its receipts are checked with. */
    record Enterprise(String copCode, String serial, PrivateKey key, String windowSerial, PublicKey windowKey) {
    }

    Enterprise register() {
        String code = "E" + UUID.randomUUID().toString().replace("-", "").substring(0, 9).toUpperCase(java.util.Locale.ROOT);
        Reply r = Http.admin("POST", base.resolve("window/enterprises"), "{\"copCode\":\"" + code + "\",\"copName\":\"Broker Ltd\"}");
        assertEquals(201, r.status(), r.toString());
        JsonObject c = r.json();
        Reply key = Http.send("GET", base.resolve("window/key"), Map.of(), (String) null);
        assertEquals(c.getString("windowPublicKey"), key.json().getString("publicKey"), "the key the window publishes");
        assertEquals(c.getString("windowKeySerial"), key.json().getString("keySerial"));
        return new Enterprise(code, c.getString("keySerial"), Pem.privateKey(c.getString("enterprisePrivateKey")),
                c.getString("windowKeySerial"), Pem.publicKey(c.getString("windowPublicKey")));
    }

    /** A paid alphapay or betapay payment of {@code fen} CNY by 张三, not yet declared to customs; its transaction id. */
    static String paid(SandboxMerchant m, String ref, long fen) {
        if (m.company.equals("alphapay")) {
            m.alphapay("POST", "v3/pay/transactions/native", m.createBody(ref, fen, "CNY"));
        } else {
            m.betapay("betapay.trade.precreate", "{\"out_trade_no\":\"" + ref + "\",\"total_amount\":\"" + yuan(fen) + "\",\"subject\":\"s\"}");
        }
        return Http.admin("POST", m.helper("payments/" + ref + "/pay"), "{\"payerName\":\"" + NAME + "\",\"payerIdNumber\":\"" + ID + "\"}")
                .json().getString("transactionId");
    }

    /** The payment declared to customs at its company, which forwards its payment document to the window. */
    static void declarePayment(SandboxMerchant m, String ref, String tx, long fen) {
        if (m.company.equals("alphapay")) {
            Reply r = m.alphapay("POST", "v3/global/customs/orders", m.customsBody(ref, tx, "GUANGZHOU", ",\"action_type\":\"ADD\""));
            assertEquals(200, r.status(), r.toString());
        } else {
            JsonObject r = m.betapay("betapay.trade.customs.declare", "{\"out_request_no\":\"" + ref + "\",\"out_trade_no\":\"" + ref
                    + "\",\"trade_no\":\"" + tx + "\",\"customs_place\":\"GUANGZHOU\",\"action_type\":\"ADD\",\"is_split\":\"F\",\"amount\":\""
                    + yuan(fen) + "\"}");
            assertEquals("10000", r.getString("code"), r.toString());
        }
    }

    static String payCode(String company) {
        return company.equals("alphapay") ? "4403169D3W" : "31222699S7";
    }

    static String yuan(long fen) {
        return java.math.BigDecimal.valueOf(fen, 2).toPlainString();
    }

    /** An order of {@code paid} fen (goods 90%, freight the rest) for the payment {@code tx}, bought by {@code buyer}. */
    static CustomsOrder order(Enterprise e, String orderNo, String company, String tx, long paid, String buyer, boolean modify) {
        long goods = paid * 9 / 10;
        return new CustomsOrder(UUID.randomUUID().toString().toUpperCase(java.util.Locale.ROOT), modify, OffsetDateTime.now(), orderNo,
                new CustomsOrder.Party(PLATFORM, "Platform A Mall"), new CustomsOrder.Party("4401960XYZ", "Demo Shop Ltd"),
                new CustomsOrder.Amounts(goods, paid - goods, 0, 0, paid),
                new CustomsOrder.Buyer("buyer-1", buyer, "13800000000", "IDCARD", ID),
                new CustomsOrder.Party(payCode(company), company), tx,
                new CustomsOrder.Consignee(buyer, "13800000000", "1 Nanjing Road, Shanghai"),
                List.of(new CustomsOrder.Line("SKU-1", "Tea", 1, "011", goods, goods, "303")),
                new CustomsOrder.Party(e.copCode(), "Broker Ltd"), "DXPENT0000000001");
    }

    /** A logistics company's waybill for the platform's order, declared at the window. */
    Reply waybill(String orderNo, String logisticsNo) {
        return Http.admin("POST", base.resolve("window/waybills"), "{\"ebpCode\":\"" + PLATFORM + "\",\"orderNo\":\"" + orderNo
                + "\",\"logisticsCode\":\"3101980SF1\",\"logisticsNo\":\"" + logisticsNo + "\"}");
    }

    Reply declare(Enterprise e, CustomsOrder o) {
        return declareText(WindowSigning.signed(Ceb311.unsigned(o), e.key(), e.serial()));
    }

    Reply declareText(String xml) {
        return Http.send("POST", base.resolve("window/orders"), Map.of("Content-Type", "application/xml"), xml);
    }

    CustomsReceipt receipt(Enterprise e, String xml) {
        try {
            return Ceb312.read(xml, serial -> serial.equals(e.windowSerial()) ? Optional.of(e.windowKey()) : Optional.empty());
        } catch (WindowSigning.Unverified x) {
            throw new AssertionError("the window's receipt does not verify: " + x.getMessage(), x);
        }
    }

    Reply query(Enterprise e, String orderNo) {
        return Http.send("GET", base.resolve("window/orders/" + PLATFORM + "/" + orderNo + "?copCode=" + e.copCode()), Map.of(), (String) null);
    }

    List<CustomsReceipt> receipts(Enterprise e, String orderNo) {
        Reply r = query(e, orderNo);
        assertEquals(200, r.status(), r.toString());
        List<CustomsReceipt> list = new ArrayList<>();
        JsonArray all = r.json().getJsonArray("receipts");
        for (int i = 0; i < all.size(); i++) {
            list.add(receipt(e, all.getString(i)));
        }
        return list;
    }

    List<CustomsReceipt> awaitStatus(Enterprise e, String orderNo, String status) {
        List<List<CustomsReceipt>> last = new ArrayList<>(List.of(List.of()));
        SandboxIT.await("order " + orderNo + " reaches " + status, () -> {
            last.set(0, receipts(e, orderNo));
            return last.get(0).stream().anyMatch(r -> r.status().equals(status));
        });
        return last.get(0);
    }

    static List<String> statuses(List<CustomsReceipt> receipts) {
        return receipts.stream().map(CustomsReceipt::status).toList();
    }

    static String orderNo() {
        return "PO" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    }

    // ---- the tests ------------------------------------------------------------------------------

    @Test
    void anOrderMatchedByBothCompaniesPaymentsAndAWaybillIsReleasedWithEveryReceiptSigned() {
        Enterprise e = register();
        for (String company : List.of("alphapay", "betapay")) {
            SandboxMerchant m = SandboxMerchant.open(base, company, SandboxIT.unique("win-" + company));
            String ref = SandboxIT.orderRef();
            String tx = paid(m, ref, 22210);
            declarePayment(m, ref, tx, 22210);
            JsonObject doc = Http.admin("GET", base.resolve("window/payments/" + payCode(company) + "/" + tx), null).json();
            assertEquals(22210, doc.getInt("amountPaid"), company + " forwarded its payment document");
            assertTrue(doc.getBoolean("payerKnown"));

            String orderNo = orderNo();
            CustomsOrder o = order(e, orderNo, company, tx, 22210, NAME, false);
            Reply accepted = declare(e, o);
            assertEquals(200, accepted.status(), accepted.toString());
            assertTrue(accepted.header("content-type").startsWith("application/xml"), accepted.header("content-type"));
            CustomsReceipt first = receipt(e, accepted.body());
            assertEquals("2", first.status());
            assertEquals(o.guid(), first.orderGuid());
            assertEquals(orderNo, first.orderNo());
            assertFalse(accepted.body().contains(ID), "no identity in a receipt");

            List<CustomsReceipt> stored = awaitStatus(e, orderNo, "120");
            assertEquals("stored by customs; payment MATCHED; waybill MISSING", stored.get(stored.size() - 1).info());

            Reply waybill = waybill(orderNo, "SF" + orderNo);
            assertEquals(201, waybill.status(), waybill.toString());
            List<CustomsReceipt> released = awaitStatus(e, orderNo, "800");
            assertEquals(List.of("2", "120", "120", "800"), statuses(released), released.toString());
            assertEquals("released; payment MATCHED; waybill MATCHED", released.get(3).info());
            for (int i = 1; i < released.size(); i++) {
                assertFalse(released.get(i).time().isBefore(released.get(i - 1).time()), "in the order they were written");
            }
            assertEquals(released, receipts(e, orderNo), "a query again reads the same receipts");
        }
    }

    @Test
    void anOrderDeclaredBeforeItsPaymentIsMatchedOnceThePaymentArrives() {
        Enterprise e = register();
        SandboxMerchant m = SandboxMerchant.open(base, "alphapay", SandboxIT.unique("win-late"));
        String ref = SandboxIT.orderRef();
        String tx = paid(m, ref, 5000);
        String orderNo = orderNo();
        waybill(orderNo, "SF1");
        assertEquals(200, declare(e, order(e, orderNo, "alphapay", tx, 5000, NAME, false)).status());
        List<CustomsReceipt> waiting = awaitStatus(e, orderNo, "120");
        assertEquals("stored by customs; payment MISSING; waybill MATCHED", waiting.get(waiting.size() - 1).info());

        declarePayment(m, ref, tx, 5000);
        List<CustomsReceipt> released = awaitStatus(e, orderNo, "800");
        assertEquals(List.of("2", "120", "120", "800"), statuses(released), released.toString());
        assertEquals("stored by customs; payment MATCHED; waybill MATCHED", released.get(2).info());
    }

    @Test
    void anOrderWhosePaymentDiffersIsReturnedNamingTheFieldAndAChangeOfItIsReleased() {
        Enterprise e = register();
        SandboxMerchant m = SandboxMerchant.open(base, "betapay", SandboxIT.unique("win-diff"));
        String ref = SandboxIT.orderRef();
        String tx = paid(m, ref, 8800);
        declarePayment(m, ref, tx, 8800);
        String orderNo = orderNo();
        assertEquals(200, declare(e, order(e, orderNo, "betapay", tx, 8700, NAME, false)).status());
        List<CustomsReceipt> returned = awaitStatus(e, orderNo, "100");
        assertEquals("the payment differs from the order: acturalPaid; payment DIFFERENT acturalPaid; waybill MISSING",
                returned.get(returned.size() - 1).info());

        Reply again = declare(e, order(e, orderNo, "betapay", tx, 8800, NAME, false));
        assertEquals(400, again.status(), "a new order under a number declared before");
        assertEquals("DUPLICATE", again.json().getString("refusal"));

        waybill(orderNo, "SF2");
        Reply changed = declare(e, order(e, orderNo, "betapay", tx, 8800, NAME, true));
        assertEquals(200, changed.status(), changed.toString());
        List<CustomsReceipt> released = awaitStatus(e, orderNo, "800");
        assertEquals(List.of("2", "120", "100", "2", "120", "800"), statuses(released), released.toString());

        Reply afterRelease = declare(e, order(e, orderNo, "betapay", tx, 8800, NAME, true));
        assertEquals(400, afterRelease.status());
        assertEquals("STATE", afterRelease.json().getString("refusal"), "a released order is changed no more");
    }

    @Test
    void aBuyerOtherThanThePayerIsADifferenceInTheBuyer() {
        Enterprise e = register();
        SandboxMerchant m = SandboxMerchant.open(base, "alphapay", SandboxIT.unique("win-buyer"));
        String ref = SandboxIT.orderRef();
        String tx = paid(m, ref, 1000);
        declarePayment(m, ref, tx, 1000);
        String orderNo = orderNo();
        assertEquals(200, declare(e, order(e, orderNo, "alphapay", tx, 1000, "李四", false)).status());
        List<CustomsReceipt> returned = awaitStatus(e, orderNo, "100");
        assertTrue(returned.get(returned.size() - 1).info().endsWith("; payment DIFFERENT buyer; waybill MISSING"), returned.toString());
    }

    @Test
    void anArrangedReturnReturnsTheOrderWithItsReasonOnce() {
        Enterprise e = register();
        SandboxMerchant m = SandboxMerchant.open(base, "alphapay", SandboxIT.unique("win-ret"));
        String ref = SandboxIT.orderRef();
        String tx = paid(m, ref, 3000);
        declarePayment(m, ref, tx, 3000);
        String orderNo = orderNo();
        Reply arranged = Http.admin("PUT", base.resolve("window/returns/" + PLATFORM + "/" + orderNo),
                "{\"reason\":\"the goods are not allowed in\"}");
        assertEquals(200, arranged.status(), arranged.toString());
        waybill(orderNo, "SF3");
        assertEquals(200, declare(e, order(e, orderNo, "alphapay", tx, 3000, NAME, false)).status());
        List<CustomsReceipt> returned = awaitStatus(e, orderNo, "100");
        assertEquals("the goods are not allowed in; payment MATCHED; waybill MATCHED", returned.get(returned.size() - 1).info());
        assertEquals(200, declare(e, order(e, orderNo, "alphapay", tx, 3000, NAME, true)).status());
        assertEquals(List.of("2", "120", "100", "2", "120", "800"), statuses(awaitStatus(e, orderNo, "800")), "the return was used up");
    }

    @Test
    void aMessageWithABrokenSignatureIsRefusedAndLoggedAndAnUnknownKeyIsNotLogged() {
        Enterprise e = register();
        String orderNo = orderNo();
        String signed = WindowSigning.signed(Ceb311.unsigned(order(e, orderNo, "alphapay", "4200000001", 1000, NAME, false)), e.key(),
                e.serial());
        Reply changed = declareText(signed.replace("<ceb:acturalPaid>10.00</ceb:acturalPaid>", "<ceb:acturalPaid>1.00</ceb:acturalPaid>"));
        assertEquals(400, changed.status(), changed.toString());
        assertEquals("SIGNATURE", changed.json().getString("refusal"));
        assertEquals("the message is not what was signed (its digest differs)", changed.json().getString("message"));

        Enterprise other = register();
        Reply underAnotherKey = declareText(WindowSigning.signed(Ceb311.unsigned(order(e, orderNo, "alphapay", "4200000001", 1000, NAME, false)),
                other.key(), e.serial()));
        assertEquals(400, underAnotherKey.status());
        assertEquals("the signature does not hold under the enterprise's key", underAnotherKey.json().getString("message"));

        Reply unknownSerial = declareText(WindowSigning.signed(Ceb311.unsigned(order(e, orderNo, "alphapay", "4200000001", 1000, NAME, false)),
                e.key(), "FFFFFFFFFFFFFFFF"));
        assertEquals(400, unknownSerial.status());
        assertEquals("no key registered with serial FFFFFFFFFFFFFFFF", unknownSerial.json().getString("message"));

        Reply bySomeoneElse = declare(other, order(e, orderNo, "alphapay", "4200000001", 1000, NAME, false));
        assertEquals(400, bySomeoneElse.status(), "signed by one enterprise, naming another as the transmitter");
        assertEquals("SIGNATURE", bySomeoneElse.json().getString("refusal"));

        JsonArray logged = Http.admin("GET", base.resolve("window/" + e.copCode() + "/requests?orderNo=" + orderNo), null).json()
                .getJsonArray("requests");
        assertEquals(2, logged.size(), "the changed message and the one under another key: " + logged);
        assertEquals(400, logged.getJsonObject(0).getInt("status"));
        assertEquals("order-declare", logged.getJsonObject(0).getString("kind"));
        assertEquals(404, query(e, orderNo).status(), "nothing was declared");

        Reply notXml = Http.send("POST", base.resolve("window/orders"), Map.of("Content-Type", "application/json"), "{}");
        assertEquals(415, notXml.status());
        Reply doctype = declareText("<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e \"e\">]><x>&e;</x>");
        assertEquals(400, doctype.status());
        assertEquals("FORMAT", doctype.json().getString("refusal"));
    }

    @Test
    void theSameMessageAgainIsAnsweredAsBeforeAndFaultsApplyAsAtACompany() {
        Enterprise e = register();
        String orderNo = orderNo();
        CustomsOrder o = order(e, orderNo, "alphapay", "4200000002", 1000, NAME, false);
        String signed = WindowSigning.signed(Ceb311.unsigned(o), e.key(), e.serial());

        Reply fault = Http.admin("PUT", base.resolve("window/" + e.copCode() + "/faults"), "{\"mode\":\"ERROR\",\"status\":503,\"count\":1}");
        assertEquals(200, fault.status(), fault.toString());
        assertEquals(503, declareText(signed).status(), "the window failed: nothing taken");
        assertEquals(404, query(e, orderNo).status());

        Reply first = declareText(signed);
        Reply again = declareText(signed);
        assertEquals(200, again.status());
        assertEquals(receipt(e, first.body()), receipt(e, again.body()), "the same message: the same receipt");

        Http.admin("PUT", base.resolve("window/" + e.copCode() + "/faults"), "{\"mode\":\"BAD_SIGNATURE\",\"kind\":\"order-query\",\"count\":1}");
        JsonArray bad = query(e, orderNo).json().getJsonArray("receipts");
        assertThrows(WindowSigning.Unverified.class, () -> Ceb312.read(bad.getString(0),
                serial -> Optional.of(e.windowKey())), "a receipt whose signature was spoiled is refused by the broker's reader");
        assertEquals("2", receipts(e, orderNo).get(0).status(), "the fault was used up");

        JsonArray logged = Http.admin("GET", base.resolve("window/" + e.copCode() + "/requests?kind=order-declare"), null).json()
                .getJsonArray("requests");
        assertEquals(List.of(503, 200, 200), logged.stream().map(v -> v.asJsonObject().getInt("status")).toList());
        Reply badKind = Http.admin("PUT", base.resolve("window/" + e.copCode() + "/faults"), "{\"mode\":\"ERROR\",\"kind\":\"payout\"}");
        assertEquals(400, badKind.status());
        assertEquals("kind", badKind.json().getString("field"));
    }

    @Test
    void theHelpersRefuseBadInputNamingTheField() {
        Reply code = Http.admin("POST", base.resolve("window/enterprises"), "{\"copCode\":\"abc\"}");
        assertEquals(400, code.status());
        assertEquals("copCode", code.json().getString("field"));
        Reply waybill = Http.admin("POST", base.resolve("window/waybills"), "{\"ebpCode\":\"" + PLATFORM + "\",\"orderNo\":\"X\"}");
        assertEquals(400, waybill.status());
        assertEquals("logisticsCode", waybill.json().getString("field"));
        Reply unknown = Http.admin("GET", base.resolve("window/ZZZZZZZZZZ/requests"), null);
        assertEquals(404, unknown.status());
        assertEquals("copCode", unknown.json().getString("field"));
        Reply noCop = Http.send("GET", base.resolve("window/orders/" + PLATFORM + "/X"), Map.of(), (String) null);
        assertEquals(400, noCop.status());
        assertEquals("copCode", noCop.json().getString("field"));
        Reply anonymous = Http.send("POST", base.resolve("window/enterprises"), Map.of("Content-Type", "application/json"),
                "{\"copCode\":\"4401960BRK\"}");
        assertEquals(401, anonymous.status(), "the helpers take the admin API's credentials");
    }
}
