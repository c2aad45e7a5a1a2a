/**
 * The web module's plumbing: the JAX-RS application at the context root, and the answers to what
 * went wrong before or outside any resource (unknown paths, wrong methods, container errors,
 * unexpected exceptions), each in the format of the path it was for: alphapay's signed
 * {@code {"code","message"}}, betapay's signed node (HTTP 200), or the admin API's JSON. Never an
 * HTML page or a stack trace.
 */
package org.cbec.sandbox.web;
