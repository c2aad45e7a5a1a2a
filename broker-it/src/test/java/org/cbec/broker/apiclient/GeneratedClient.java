package org.cbec.broker.apiclient;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cbec.broker.client.ApiClient;
import org.cbec.broker.client.ApiException;
import org.cbec.broker.client.api.PaymentsApi;
import org.cbec.broker.client.model.Currency;
import org.cbec.broker.client.model.PaymentMethod;
import org.cbec.broker.client.model.PaymentRequest;
import org.cbec.broker.client.model.PaymentResult;
import org.cbec.broker.client.model.PaymentType;
import org.cbec.broker.client.model.QueryResult;

/**
 * The Java client openapi-generator makes from the broker's document (at generate-test-sources),
 * used as an integrator would use it. A class of its own, outside the deployment, so that the
 * in-container test classes never name a generated type.
 */
public final class GeneratedClient {

    private GeneratedClient() {
    }

    /** Creates and queries a payment through the generated client; a refusal reaches it as the envelope. */
    public static void createAndQueryAPayment(String serviceBase, String key, String merchant, String orderRef) throws Exception {
        ApiClient client = new ApiClient();
        // Through a proxy that holds each call and its answer to the served document.
        client.updateBaseUri(org.cbec.testing.apicheck.ValidatingProxy.to(serviceBase).replaceAll("/$", ""));
        client.setRequestInterceptor(request -> request.header("app-api-key", key));
        PaymentsApi payments = new PaymentsApi(client);

        PaymentResult created = payments.createPayment(merchant, new PaymentRequest().paymentMethod(PaymentMethod.ALPHAPAY)
                .paymentType(PaymentType.NATIVE).orderRef(orderRef).actualAmount(2599L).currency(Currency.CNY), "203.0.113.7", "generated-client");
        assertEquals(200, created.getCode());
        assertNotNull(created.getPayMessage(), "the company's code URL");

        // Only what the spec shows: order_ref, no payment_method.
        QueryResult queried = payments.queryPayment(merchant, orderRef, null);
        assertEquals(orderRef, queried.getOrderRef());
        assertEquals(2599L, queried.getActualAmount());
        assertEquals("NOTPAY", queried.getTradeState());

        ApiException refused = assertThrows(ApiException.class, () -> payments.createPayment(merchant, new PaymentRequest()
                .paymentMethod(PaymentMethod.ALPHAPAY).paymentType(PaymentType.NATIVE).orderRef("no spaces allowed")
                .actualAmount(1L).currency(Currency.CNY), null, null));
        assertEquals(422, refused.getCode());
        assertTrue(refused.getResponseBody().contains("\"field\":\"orderRef\""), refused.getResponseBody());
    }
}
