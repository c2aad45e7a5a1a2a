package org.cbec.checkout.rest.error;

import jakarta.servlet.annotation.WebServlet;
import org.cbec.web.error.ErrorPage;

/** The error page of this web module (web.xml), in the checkout envelope. */
@WebServlet("/error-envelope")
public class ErrorPageServlet extends ErrorPage {

    public ErrorPageServlet() {
        super(ApiResponse.WEB);
    }
}
