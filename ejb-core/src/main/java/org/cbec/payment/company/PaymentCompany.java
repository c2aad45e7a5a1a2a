package org.cbec.payment.company;

import java.util.Set;

/**
 * A wallet payment company as the broker uses it. Calls report every exchange to the recorder,
 * and throw {@link CompanyUnavailable} or {@link CompanyRefusal} when they get no order status.
 */
public interface PaymentCompany {

    /** The spec's {@code paymentMethod} value: {@code alphapay} or {@code betapay}. */
    String method();

    Set<PaymentType> supportedTypes();

    CreatedOrder create(CompanyAccount account, OrderRequest order, ExchangeRecorder recorder);

    /** Idempotent, so retried on {@link CompanyUnavailable}. */
    OrderStatus query(CompanyAccount account, String orderRef, ExchangeRecorder recorder);

    void close(CompanyAccount account, String orderRef, ExchangeRecorder recorder);

    /**
     * Signs the client-side parameters for an invoked type; local, no company call. A null
     * {@code timeStamp} or {@code nonceStr} is generated.
     */
    Invocation invocation(CompanyAccount account, PaymentType type, String payMessage, String timeStamp, String nonceStr);
}
