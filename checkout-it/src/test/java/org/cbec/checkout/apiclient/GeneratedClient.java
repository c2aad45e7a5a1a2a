package org.cbec.checkout.apiclient;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import org.cbec.checkout.client.ApiClient;
import org.cbec.checkout.client.ApiException;
import org.cbec.checkout.client.api.CartsApi;
import org.cbec.checkout.client.model.CartCreatedResponse;
import org.cbec.checkout.client.model.EnterpriseCart;
import org.cbec.checkout.client.model.EnterpriseCartRequest;
import org.cbec.checkout.client.model.EnterpriseProduct;
import org.cbec.checkout.client.model.ShippingAddress;
import org.cbec.checkout.client.model.ShippingAddressReceiver;
import org.cbec.checkout.client.model.User;
import org.cbec.checkout.client.model.UserPayer;

/**
 * The Java client openapi-generator makes from the checkout's document (at generate-test-sources),
 * used as an integrator would use it. A class of its own, outside the deployment.
 */
public final class GeneratedClient {

    private GeneratedClient() {
    }

    /** Creates an enterprise cart through the generated client; a refusal reaches it as the envelope. */
    public static void createAnEnterpriseCart(String serviceBase, String key, String enterprise, String merchant, String nationalId)
            throws Exception {
        ApiClient client = new ApiClient();
        // Through a proxy that holds each call and its answer to the served document.
        client.updateBaseUri(org.cbec.testing.apicheck.ValidatingProxy.to(serviceBase).replaceAll("/$", ""));
        client.setRequestInterceptor(request -> request.header("x-ca-key", key));
        CartsApi carts = new CartsApi(client);

        EnterpriseCartRequest request = new EnterpriseCartRequest().cancelUrl(java.net.URI.create("https://shop.example/cancel")).cart(new EnterpriseCart()
                .user(new User().platformUserId("pu-1")
                        .payer(new UserPayer().nationalId(nationalId).name("张三").phoneNumber("+8613812345678"))
                        .shippingAddress(new ShippingAddress().receiver(new ShippingAddressReceiver().name("李四").phoneNumber("13912345678"))
                                .streetAddress("建国路88号").district("朝阳区").province("北京市").city("北京市").country("中国").postcode("100020")))
                .paymentType(EnterpriseCart.PaymentTypeEnum.ALPHAPAY)
                .products(List.of(new EnterpriseProduct().productId("p1").skuNumber("S1").barcode("690").quantity(new BigDecimal("2"))
                        .priceBeforeTax(new BigDecimal("100.00")).discount(new BigDecimal("2.00")).taxRate(new BigDecimal("0.091"))))
                .totalPriceBeforeShippingTaxAndDiscount(new BigDecimal("200.00")).currency(EnterpriseCart.CurrencyEnum.CNY)
                .tax(new BigDecimal("5.00")).shipping(new BigDecimal("8.00")).discount(new BigDecimal("10.00"))
                .totalToPay(new BigDecimal("201.00")));

        CartCreatedResponse created = carts.createEnterpriseCart(enterprise, merchant, request);
        assertEquals(200, created.getCode());
        assertTrue(created.getData().getCartId().startsWith("ct_"), created.getData().getCartId());
        assertTrue(created.getData().getExchangeRate().signum() > 0, "the locked rate");

        request.getCart().getProducts().get(0).quantity(new BigDecimal("1.5"));
        ApiException refused = assertThrows(ApiException.class, () -> carts.createEnterpriseCart(enterprise, merchant, request));
        assertEquals(400, refused.getCode());
        assertTrue(refused.getResponseBody().contains("\"field\":\"cart.products[0].quantity\""), refused.getResponseBody());
    }
}
