package org.cbec.payment.company;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.cbec.payment.company.alphapay.AlphapayCompany;
import org.cbec.payment.company.betapay.BetapayCompany;

/** The companies by their {@code paymentMethod} value. */
@ApplicationScoped
public class Companies {

    @Inject
    AlphapayCompany alphapay;

    @Inject
    BetapayCompany betapay;

    /** The company; the method was checked against {@code alphapay}/{@code betapay} before. */
    public PaymentCompany of(String paymentMethod) {
        return switch (paymentMethod) {
            case AlphapayCompany.METHOD -> alphapay;
            case BetapayCompany.METHOD -> betapay;
            default -> throw new IllegalArgumentException("no payment company " + paymentMethod);
        };
    }
}
