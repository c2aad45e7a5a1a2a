package org.cbec.broker.rest.error;

import jakarta.servlet.annotation.WebServlet;
import org.cbec.web.error.ErrorPage;

/** The error page of this web module (web.xml), in the broker envelope. */
@WebServlet("/error-envelope")
public class ErrorPageServlet extends ErrorPage {

    public ErrorPageServlet() {
        super(Envelope.WEB);
    }
}
