/**
 * JSON-P with a provider looked up once ({@link org.cbec.plumbing.json.Jsonp}), and parsers that
 * refuse an object naming a member twice ({@link org.cbec.plumbing.json.UniqueMembers}). How a
 * request's members are typed and refused (the broker's strict JSON-B, the sandbox's members read
 * one by one) is each side's.
 */
package org.cbec.plumbing.json;
