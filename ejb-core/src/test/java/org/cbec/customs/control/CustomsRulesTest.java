package org.cbec.customs.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.identity.ResidentId;
import org.junit.jupiter.api.Test;
import org.cbec.customs.DeclareCustoms;
import org.cbec.customs.IdentityUpload;

class CustomsRulesTest {

    private static final String ID = "11010519491231002" + ResidentId.checkCharacter("11010519491231002");

    private static DeclareCustoms declare(String customs, String certId, String name, String subOrderNo, Long orderFee,
            Long transportFee, Long productFee, String feeType) {
        return new DeclareCustoms("ORDER1", "4200001", customs, null, null, null, certId, name, null, null, subOrderNo, feeType,
                orderFee, transportFee, productFee);
    }

    private static String failingField(DeclareCustoms c) {
        InvalidRequestException e = assertThrows(InvalidRequestException.class, () -> CustomsRules.checkDeclare(c));
        assertFalse(e.getMessage().contains(ID), "the identity number is never in a message");
        return e.field();
    }

    @Test
    void defaultsAreGuangzhouAddIdcardAndCny() {
        CustomsRules.Checked k = CustomsRules.checkDeclare(declare(null, null, null, null, null, null, null, null));
        assertEquals("GUANGZHOU_ZS", k.customs());
        assertEquals("ADD", k.actionType());
        assertEquals("IDCARD", k.certType());
        assertEquals("CNY", k.feeType());
        assertNull(k.subOrderNo());
    }

    @Test
    void minorityNamesWithAMiddleDotAreAccepted() {
        CustomsRules.Checked k = CustomsRules.checkDeclare(declare("NINGBO", ID, "阿依古丽·买买提", null, null, null, null, null));
        assertEquals("NINGBO", k.customs(), "the declaration passed every rule, the name included");
        assertEquals("name", failingField(declare("NINGBO", ID, "阿依古丽.买买提", null, null, null, null, null)),
                "a full stop is not the middle dot: the same name with it is refused");
        assertEquals("name", failingField(declare("NINGBO", ID, "·买买提", null, null, null, null, null)), "nor may the dot lead");
    }

    @Test
    void theResidentIdIsCheckedForRegionDateCheckCharacterAndUpperCaseX() {
        assertEquals("certId", failingField(declare(null, "99" + ID.substring(2), null, null, null, null, null, null)));
        assertEquals("certId", failingField(declare(null, ID.substring(0, 17) + (ID.charAt(17) == '1' ? '2' : '1'), null, null, null, null, null, null)));
        String withX = "11010519491231002X";
        assertEquals('X', ResidentId.checkCharacter(withX.substring(0, 17)));
        CustomsRules.checkDeclare(declare(null, withX, null, null, null, null, null, null));
        assertEquals("certId", failingField(declare(null, withX.toLowerCase(), null, null, null, null, null, null)));
    }

    @Test
    void aSplitOrderNeedsItsFeesAndTheyMustAddUp() {
        assertEquals("feeType", failingField(declare(null, null, null, "S1", 100L, 50L, 50L, null)));
        assertEquals("orderFee", failingField(declare(null, null, null, "S1", 100L, 50L, 49L, "CNY")));
        assertEquals("S1", CustomsRules.checkDeclare(declare(null, null, null, "S1", 100L, 50L, 50L, "CNY")).subOrderNo());
    }

    @Test
    void customsMustBeOneOfTheNineOffices() {
        assertEquals("customs", failingField(declare("BEIJING", null, null, null, null, null, null, null)));
        assertEquals("TIANJIN", CustomsRules.customs("TIANJIN"));
    }

    @Test
    void identityUploadNeedsAValidIdAndAChineseName() {
        assertEquals("certName", assertThrows(InvalidRequestException.class, () -> CustomsRules.checkIdentity(
                new IdentityUpload("ORDER1", "4200001", null, null, null, null, null, ID, "Zhang"))).field());
        assertEquals("certId", assertThrows(InvalidRequestException.class, () -> CustomsRules.checkIdentity(
                new IdentityUpload("ORDER1", "4200001", null, null, null, null, null, null, "张三"))).field());
        assertEquals("GUANGZHOU_ZS", CustomsRules.checkIdentity(new IdentityUpload("ORDER1", "4200001", null, null, null, null, null, ID, "张三")));
    }
}
