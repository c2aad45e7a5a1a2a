// A client of both services written against their generated TypeScript clients only (typescript-fetch,
// from the API documents): what an integrator's Node.js code does. RunScriptIT runs it against the
// embedded run, through a Prism validating proxy in front of each service; every answer is checked
// for Prism's sl-violations header. Prints what it did, one line a step; exits 1 on any failure.
//
// node drive.js ORDER_REF REFUND_REF ENTERPRISE_ID, with in the environment:
//   BROKER_URL, CHECKOUT_URL   where the client reaches each API (the proxies: paths as in the documents)
//   CHECKOUT_DIRECT_URL        the checkout itself (…/checkout), for the pay redirect only (see below)
//   SANDBOX_URL                the sandbox companies' admin API (…/sandbox), where the payer pays
//   MERCHANT, BROKER_KEY       a broker merchant with accounts at the sandbox, and its key
//   ADMIN_PASSWORD             the administrator of both services
//   SANDBOX_ADMIN_PASSWORD     the sandbox's own administrator
import * as broker from '../../../target/ts/broker-client';
import * as checkout from '../../../target/ts/checkout-client';

/** What Prism said about an answer, one entry per answer that carried the header. */
const violations: string[] = [];
let answers = 0;

function say(line: string): void {
    console.log(line);
}

function env(name: string): string {
    const value = process.env[name];
    if (!value) {
        throw new Error(`${name} is not set`);
    }
    return value;
}

/** Checks every answer for Prism's sl-violations header (a middleware of the generated clients). */
function prismWatch(service: string) {
    return {
        post: async (context: { url: string; init: RequestInit; response: Response }): Promise<Response> => {
            answers++;
            const method = context.init.method ?? 'GET';
            const path = new URL(context.url).pathname;
            say(`  ${service} ${method} ${path} -> ${context.response.status}`);
            const violation = context.response.headers.get('sl-violations');
            if (violation !== null) {
                violations.push(`${service} ${method} ${path} (${context.response.status}): ${violation}`);
            }
            return context.response;
        },
    };
}

const sleep = (ms: number) => new Promise<void>(resolve => setTimeout(resolve, ms));

/** Asks until the answer is done, every half second, for at most a minute. */
async function until<T>(what: string, ask: () => Promise<T>, done: (answer: T) => boolean): Promise<T> {
    const deadline = Date.now() + 60_000;
    for (;;) {
        const answer = await ask();
        if (done(answer)) {
            return answer;
        }
        if (Date.now() > deadline) {
            throw new Error(`${what}: not within a minute; the last answer ${JSON.stringify(answer)}`);
        }
        await sleep(500);
    }
}

function check(condition: boolean, what: string): void {
    if (!condition) {
        throw new Error(what);
    }
}

async function main(): Promise<void> {
    const [orderRef, refundRef, enterpriseId] = process.argv.slice(2);
    check(orderRef !== undefined && refundRef !== undefined && enterpriseId !== undefined,
        'usage: node drive.js ORDER_REF REFUND_REF ENTERPRISE_ID');
    const merchant = env('MERCHANT');
    const adminPassword = env('ADMIN_PASSWORD');

    const brokerConfig = new broker.Configuration({
        basePath: env('BROKER_URL'), apiKey: env('BROKER_KEY'), middleware: [prismWatch('broker')],
    });
    const payments = new broker.PaymentsApi(brokerConfig);
    const refunds = new broker.RefundsApi(brokerConfig);
    const checkoutAdmin = new checkout.AdminApi(new checkout.Configuration({
        basePath: env('CHECKOUT_URL'), username: 'admin', password: adminPassword, middleware: [prismWatch('checkout')],
    }));

    // The enterprise and its key, through the checkout's admin API.
    await checkoutAdmin.registerEnterprise({ newEnterprise: { enterpriseId, name: 'TypeScript 客户端' } });
    const issued = await checkoutAdmin.issueCheckoutKey({ newKey: { enterprises: [enterpriseId], label: 'Node drive' } });
    const caKey: unknown = issued.data?.['key'];
    check(typeof caKey === 'string' && caKey.length > 0, `no key issued: ${JSON.stringify(issued)}`);
    say(`enterprise ${enterpriseId} registered, key issued`);
    // The generated client sends every apiKey scheme of the operation's security: x-ca-stage is an
    // optional stage header that changes nothing, and RELEASE is one of its values.
    const keyOf = (name: string) => (name === 'x-ca-key' ? caKey as string : 'RELEASE');
    const carts = new checkout.CartsApi(new checkout.Configuration({
        basePath: env('CHECKOUT_URL'), apiKey: keyOf, middleware: [prismWatch('checkout')],
    }));
    const buyerPages = new checkout.BuyerPagesApi(new checkout.Configuration({
        basePath: env('CHECKOUT_URL'), middleware: [prismWatch('checkout')],
    }));

    // The cart: 2 x 100.00 - 2.00 - 10.00 + 5.00 + 8.00 = 201.00 CNY, paid with alphapay.
    const address: checkout.ShippingAddress = {
        receiver: { name: '李四', phoneNumber: '13912345678' },
        streetAddress: '建国路88号', district: '朝阳区', province: '北京市', city: '北京市', country: '中国', postcode: '100020',
    };
    const cart = await carts.createEnterpriseCart({
        enterpriseId, merchantId: 'shop1', enterpriseCartRequest: {
            cancelUrl: 'https://shop.example/cancel',
            cart: {
                user: { platformUserId: 'pu-1', payer: { nationalId: '11010519491231002X', name: '张三', phoneNumber: '+8613812345678' }, shippingAddress: address },
                paymentType: checkout.EnterpriseCartPaymentTypeEnum.Alphapay,
                products: [{ productId: 'p1', skuNumber: 'S1', barcode: '690', quantity: 2, priceBeforeTax: 100.00, discount: 2.00, taxRate: 0.091 }],
                totalPriceBeforeShippingTaxAndDiscount: 200.00,
                currency: checkout.EnterpriseCartCurrencyEnum.Cny,
                tax: 5.00, shipping: 8.00, discount: 10.00, totalToPay: 201.00,
            },
        },
    });
    const cartId = cart.data.cartId;
    say(`cart ${cartId} created for ${enterpriseId}, GBP to CNY rate locked at ${cart.data.exchangeRate}`);

    // The payment at the broker (H5: the company answers the URL where the buyer pays), which
    // becomes the cart's payment URL.
    const created = await payments.createPayment({
        merchant, paymentRequest: {
            paymentMethod: broker.PaymentMethod.Alphapay, paymentType: broker.PaymentType.H5, orderRef,
            actualAmount: 20100, currency: broker.Currency.Cny,
        },
    });
    const payUrl = created.payMessage ?? '';
    check(/^https?:\/\//.test(payUrl), `the H5 payment answered no URL: ${JSON.stringify(created)}`);
    say(`payment ${orderRef} created at alphapay: ${payUrl}`);
    const updated = await carts.updateEnterpriseCart({ cartId, enterpriseId, paymentUrl: { paymentUrl: payUrl } });
    check(updated.data.cartId === cartId, `cart update answered ${JSON.stringify(updated)}`);
    say(`cart ${cartId} has its payment URL`);

    // Ready for payment: 301 to the shipping form. Asked of the checkout itself: Prism's proxy follows
    // redirects (stoplightio/prism#1977) and would answer the form's page instead. typescript-fetch
    // treats every status outside 2xx as an error, so the documented 301 arrives as a ResponseError.
    const direct = new checkout.CartsApi(new checkout.Configuration({ basePath: env('CHECKOUT_DIRECT_URL'), apiKey: keyOf }));
    let location: string | null = null;
    try {
        await direct.readyForPayment({ cartId, enterpriseId }, { redirect: 'manual' });
    } catch (e) {
        if (!(e instanceof checkout.ResponseError) || e.response.status !== 301) {
            throw e;
        }
        location = e.response.headers.get('location');
    }
    check(location !== null, 'the pay redirect answered no 301 with a Location');
    const form = new URL(location as string);
    const token = form.searchParams.get('token');
    check(form.pathname.endsWith(`/shipping-form/${cartId}`) && token !== null, `the pay redirect went to ${location}`);
    say(`cart ${cartId} ready for payment: 301 to ${form.pathname}`);

    // What the shipping form's script does in the buyer's browser: read the form, confirm the address.
    const shown = (await buyerPages.shippingFormData({ cartId, token: token as string })).data ?? {};
    check(Number(shown['totalToPay']) === 201 && shown['currency'] === 'CNY', `the shipping form shows ${JSON.stringify(shown)}`);
    say(`shipping form of ${cartId} shows ${shown['totalToPay']} ${shown['currency']} to pay`);
    const confirmed = await buyerPages.confirmShipping({ cartId, token: token as string, shippingConfirmation: { shippingAddress: address, consent: true } });
    check(confirmed.data?.['paymentUrl'] === payUrl, `the confirmation answered ${JSON.stringify(confirmed)}`);
    say(`shipping of ${cartId} confirmed, the buyer goes to ${payUrl}`);

    // The buyer pays at the company (the sandbox's admin API: not part of either document).
    const paid = await fetch(`${env('SANDBOX_URL')}/alphapay/${merchant}/payments/${orderRef}/pay`, {
        method: 'POST', headers: { Authorization: 'Basic ' + btoa(`admin:${env('SANDBOX_ADMIN_PASSWORD')}`) },
    });
    check(paid.status === 200, `the sandbox did not pay ${orderRef}: ${paid.status} ${await paid.text()}`);
    const payment = await until(`payment ${orderRef}`, () => payments.queryPayment({ merchant, orderRef, paymentMethod: broker.PaymentMethod.Alphapay }),
        p => p.tradeState === 'SUCCESS');
    say(`payment ${orderRef} SUCCESS ${payment.transactionId} at ${payment.timing}`);

    // The enterprise reports the payment's outcome to the checkout.
    const reported = await carts.receivePaymentStatus({
        enterpriseId, paymentStatus: {
            cartId, enterpriseOrderId: orderRef, initialRequest: `${env('BROKER_URL')}/v1/payment/${merchant}`, initialResponse: payUrl,
            paymentPayId: payment.transactionId ?? '', paidAt: payment.timing ?? '', status: checkout.PaymentStatusStatusEnum.Success,
        },
    });
    say(`cart ${cartId} payment reported: ${reported.message}`);

    // A refund of part of it, asked until it is final.
    const refund = await refunds.createRefund({
        merchant, refundRequest: { orderRef, refundRef, amount: 599, currency: broker.Currency.Cny, reason: 'one item returned' },
    });
    say(`refund ${refundRef} of ${orderRef} created: ${refund.state}`);
    const final = await until(`refund ${refundRef}`, async () => {
        const answer = await refunds.queryRefunds({ merchant, orderRef, refundRef });
        check('state' in answer, `QueryRefund with refund_ref answered a list: ${JSON.stringify(answer)}`);
        return answer as broker.RefundResult;
    }, r => ['SUCCESS', 'CLOSED', 'ABNORMAL'].includes(r.state));
    say(`refund ${refundRef} of ${orderRef} ${final.state} ${final.amount} ${final.currency}`);
}

main().then(() => {
    if (violations.length > 0) {
        say(`Prism reported violations in ${violations.length} of ${answers} answers:`);
        violations.forEach(v => say(`  ${v}`));
        process.exitCode = 1;
    } else {
        say(`no violation reported by Prism in ${answers} answers`);
    }
}, async (e: unknown) => {
    if (e instanceof broker.ResponseError || e instanceof checkout.ResponseError) {
        say(`failed: ${e.response.status} from ${e.response.url}: ${await e.response.text()}`);
    } else {
        say(`failed: ${e instanceof Error ? e.stack : String(e)}`);
    }
    violations.forEach(v => say(`  violation: ${v}`));
    process.exitCode = 1;
});
