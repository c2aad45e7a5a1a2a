package org.cbec.customs.entity;

/** Spec section 3. */
public enum DeclarationState {
    /** Not (yet) with customs: also the state of a declaration whose submission failed. */
    UNDECLARED,
    PROCESSING,
    SUCCESS,
    FAIL,
    /** The customs interface was abnormal. */
    EXCEPT
}
