package org.cbec.dispatch.entity;

/** What moves a money request: its sender's claim, each outcome of a company call, a company's report, and an operator's act. */
public enum RequestEvent {
    /** A sender (the first one, or the janitor) takes it: nobody else acts on it while it is held. */
    CLAIMED,
    /** The company answered a send with its status of the request. */
    ANSWER,
    /** The company refused a send, signed and definite (not rate limiting, "busy" or "being processed": those are {@link #NO_ANSWER}). */
    REFUSAL,
    /** A call that left the broker and brought nothing usable: a timeout, a broken answer, an answer meaning "try later". */
    NO_ANSWER,
    /** A call that never left the broker (an open circuit, a full bulkhead). */
    CALL_NOT_SENT,
    /** Its holder stopped (a node died) and left it held longer than any company call lasts. */
    SENDER_LOST,
    /** The company's query found it, with its status. */
    FOUND,
    /** The company's query answered that it has no request with this number. */
    NONE,
    /** The company reported its status unasked (a notification, a bill line). */
    REPORTED,
    /** Past the attempts or the age it may take unresolved: an operator must look at it. */
    GAVE_UP,
    /** An operator has it tried again now, with its attempts counted afresh. */
    OPERATOR_RETRY,
    /** An operator, with the company's word in hand, marks it settled, with a note. */
    OPERATOR_SETTLED
}
