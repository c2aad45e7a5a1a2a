/**
 * The customs single window's protocol as the broker speaks it: the order message (CEB311) and the
 * receipt (CEB312) of China Customs' standard for cross-border e-commerce retail imports, mapped
 * with Jakarta XML Binding ({@link org.cbec.company.window.Ceb311}), and the message's enveloped
 * XML signature ({@link org.cbec.company.window.WindowSigning}). docs/companies/single-window.md
 * states the protocol, docs/companies/vectors/window its known answers.
 */
@XmlSchema(namespace = Ceb311.NAMESPACE, elementFormDefault = XmlNsForm.QUALIFIED,
        xmlns = @XmlNs(prefix = "ceb", namespaceURI = Ceb311.NAMESPACE))
package org.cbec.company.window;

import jakarta.xml.bind.annotation.XmlNs;
import jakarta.xml.bind.annotation.XmlNsForm;
import jakarta.xml.bind.annotation.XmlSchema;
