/**
 * What both the broker and the payment companies' stand-in need and what is no part of either
 * protocol: reading and writing keys, RSA signatures and encryption, strict reading of JSON, the
 * migration of a schema. A protocol (which text is signed, which headers carry what, which members a
 * request has) is never here: each side writes its own from the protocol documents, and the two
 * meet only in the vectors their tests write out in full. Depends on no module of the project.
 */
package org.cbec.plumbing;
