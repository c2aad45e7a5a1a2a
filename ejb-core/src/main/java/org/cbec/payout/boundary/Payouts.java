package org.cbec.payout.boundary;

import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.time.OffsetDateTime;
import java.util.Optional;
import org.cbec.company.Beneficiary;
import org.cbec.company.Companies;
import org.cbec.company.CompanyAccount;
import org.cbec.company.CompanyOutcome;
import org.cbec.company.CompanyPort;
import org.cbec.company.PayoutRequest;
import org.cbec.company.PayoutStatus;
import org.cbec.payout.BalanceView;
import org.cbec.payment.PaymentFormats;
import org.cbec.payment.PayoutAccountView;
import org.cbec.payout.PayoutBillView;
import org.cbec.payout.PayoutView;
import org.cbec.payout.RegisterPayoutAccount;
import org.cbec.payout.RequestPayout;
import org.cbec.payment.control.CompanyFailures;
import org.cbec.payment.control.Exchanges;
import org.cbec.payment.control.PaymentRules;
import org.cbec.payout.control.PayoutBillLedger;
import org.cbec.payout.control.PayoutLedger;
import org.cbec.payout.control.PayoutRules;
import org.cbec.payment.entity.PayoutState;
import org.cbec.platform.error.AlreadyStoredException;
import org.cbec.platform.error.InProgressException;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.error.UnknownResourceException;
import org.eclipse.microprofile.config.Config;
import org.cbec.payment.boundary.CompanyAccounts;
import org.cbec.payment.RequestOutcome;
import org.cbec.payment.boundary.CompanyRequests;
import org.cbec.payment.boundary.Payments;

/**
 * Payouts abroad: the merchant's available CNY at a company paid out to its registered account
 * abroad, at the company's rate and fee; the balance and its ledger; the accounts abroad, which an
 * operator registers. As {@code Refunds}: no transaction spans a company call, and a payout is sent
 * by {@link CompanyRequests}, so it is never lost and never paid out twice.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Payouts {

    public static final String FAILURE = "failure while paying out";
    public static final String QUERYING = "failure while querying the payouts";
    public static final String ACCOUNT_FAILURE = "failure while registering the account abroad";
    /** The minimum payout at a company unless configured: {@code payout.minimum-fen.<company>}. */
    static final String MINIMUM = "payout.minimum-fen.";
    /** The currencies a company pays out in unless configured: {@code payout.currencies.<company>}, a comma-separated list. */
    static final String CURRENCIES = "payout.currencies.";
    static final int MAX_PAGE = 100;

    @Inject
    Companies companies;

    @Inject
    Config config;

    @Inject
    CompanyRequests requests;

    @EJB
    CompanyAccounts accounts;

    @EJB
    PayoutLedger ledger;

    @EJB
    PayoutBillLedger bills;

    // ---- accounts abroad ------------------------------------------------------------------------

    /** Registers the account at the company, then here (sealed); answers it masked. Nothing is stored when the company refuses. */
    public PayoutAccountView registerAccount(String merchant, String paymentMethod, RegisterPayoutAccount a) {
        PaymentRules.requireMethod("paymentMethod", paymentMethod);
        if (a == null) {
            throw new InvalidRequestException(null, "an account body is required");
        }
        PayoutRules.checkAccount(a, paymentMethod,
                PayoutRules.currencies(config.getOptionalValue(CURRENCIES + paymentMethod, String.class).orElse(PayoutRules.DEFAULT_CURRENCIES)));
        accounts.requireMerchant(merchant);
        CompanyPort company = companies.port(paymentMethod, ACCOUNT_FAILURE);
        CompanyAccount account = accounts.account(merchant, paymentMethod);
        Beneficiary b = new Beneficiary(a.holderName(), a.account(), a.swiftCode(), a.bankCountry(), a.currency());
        company.registerBeneficiary(account, b, new Exchanges()).fold(done -> done, refused -> {
            if (refused.code() != null && refused.code().contains("CURRENCY")) {
                throw new InvalidRequestException("currency", paymentMethod + " does not pay out in " + a.currency() + ": " + refused.text());
            }
            throw CompanyFailures.refused(company::invalidRequest, ACCOUNT_FAILURE, "the account abroad", refused.text());
        }, unanswered -> {
            throw CompanyFailures.failed(ACCOUNT_FAILURE, unanswered, "; the account is not registered, send it again");
        });
        return accounts.storePayoutAccount(merchant, paymentMethod, b);
    }

    public PayoutAccountView account(String merchant, String paymentMethod) {
        PaymentRules.requireMethod("paymentMethod", paymentMethod);
        return accounts.payoutAccountView(merchant, paymentMethod)
                .orElseThrow(() -> new UnknownResourceException("merchant " + merchant + " has no account abroad at " + paymentMethod));
    }

    // ---- payouts ----------------------------------------------------------------------------------

    public PayoutView request(String merchant, RequestPayout r) {
        PayoutRules.checkRequest(r);
        companies.port(r.paymentMethod(), FAILURE);
        accounts.account(merchant, r.paymentMethod());
        Optional<String> targetCurrency = accounts.payoutAccountView(merchant, r.paymentMethod()).map(PayoutAccountView::currency);
        long minimum = config.getOptionalValue(MINIMUM + r.paymentMethod(), Long.class).orElse(PayoutRules.DEFAULT_MINIMUM_FEN);
        PayoutLedger.Opened opened;
        try {
            opened = ledger.open(merchant, r, targetCurrency, minimum);
        } catch (AlreadyStoredException concurrent) {
            // The same payoutRef stored meanwhile at the other company (the unique constraint): decide again.
            opened = ledger.open(merchant, r, targetCurrency, minimum);
        }
        PayoutView p = opened.payout();
        if (opened.fresh() || p.state() == PayoutState.UNKNOWN) {
            // Sent now, or an identical request of one without the company's word carried on (asked for first when it may be at the company).
            return requests.send(new Sent(), p).answer();
        }
        return requests.refresh(new Sent(), p, false).answer();
    }

    /** One payout, refreshed from the company while it is not final. */
    public PayoutView query(String merchant, String paymentMethod, String payoutRef) {
        return refreshed(merchant, paymentMethod, payoutRef).answer();
    }

    /** {@link #query}'s outcome as a value: the payout as stored after asking, and the company's failure if it gave no usable answer. */
    public RequestOutcome<PayoutView> refreshed(String merchant, String paymentMethod, String payoutRef) {
        PaymentRules.requireMethod("payment_method", paymentMethod);
        requirePayoutRef("payout_ref", payoutRef);
        PayoutView p = ledger.find(merchant, paymentMethod, payoutRef)
                .orElseThrow(() -> new UnknownResourceException("no payout " + payoutRef + " of " + merchant + " at " + paymentMethod));
        return requests.refresh(new Sent(), p, true);
    }

    /** The balance and a page of the payouts, newest first (as stored: each payout's query refreshes it). */
    public BalanceView payouts(String merchant, String paymentMethod, String offset, String limit) {
        requireAccount(merchant, paymentMethod);
        return ledger.payouts(merchant, paymentMethod, offset(offset), limit(limit));
    }

    /** The balance and a page of its ledger's entries, newest first. */
    public BalanceView ledger(String merchant, String paymentMethod, String offset, String limit) {
        requireAccount(merchant, paymentMethod);
        return ledger.entries(merchant, paymentMethod, offset(offset), limit(limit));
    }

    // ---- statements -------------------------------------------------------------------------------

    /**
     * Asks for the statement behind a payout ({@code payoutRef}) or of a Beijing day
     * ({@code billDate}, {@code yyyy-MM-dd}), exactly one of them, and answers it as it is now:
     * PREPARING until its window is closed (the payout final, the day over), then READY. Asking
     * again is no change. The body's field names are the ones named in a refusal.
     */
    public PayoutBillView prepareBill(String merchant, String paymentMethod, String payoutRef, String billDate) {
        return bill(merchant, paymentMethod, payoutRef, billDate, true, "paymentMethod", "payoutRef", "billDate");
    }

    /** A statement asked for before, as it is now; 404 when it was never asked for. The query's names are named in a refusal. */
    public PayoutBillView bill(String merchant, String paymentMethod, String payoutRef, String billDate) {
        return bill(merchant, paymentMethod, payoutRef, billDate, false, "payment_method", "payout_ref", "bill_date");
    }

    private PayoutBillView bill(String merchant, String paymentMethod, String payoutRef, String billDate, boolean create, String methodField,
            String refField, String dateField) {
        PaymentRules.requireMethod(methodField, paymentMethod);
        if ((payoutRef == null) == (billDate == null)) {
            throw new InvalidRequestException(refField, "give either " + refField + " or " + dateField + ", not both");
        }
        java.time.LocalDate day = billDate == null ? null : org.cbec.platform.time.BeijingTime.billDate(dateField, billDate, OffsetDateTime.now());
        if (payoutRef != null) {
            requirePayoutRef(refField, payoutRef);
        }
        if (!accounts.has(merchant, paymentMethod)) {
            throw new InvalidRequestException(methodField, "merchant " + merchant + " has no account at " + paymentMethod);
        }
        Optional<PayoutBillView> bill;
        if (day != null) {
            try {
                bill = bills.ofDay(merchant, paymentMethod, day, create);
            } catch (AlreadyStoredException concurrent) {
                bill = bills.ofDay(merchant, paymentMethod, day, create);
            }
        } else {
            PayoutView p = ledger.find(merchant, paymentMethod, payoutRef)
                    .orElseThrow(() -> new UnknownResourceException("no payout " + payoutRef + " of " + merchant + " at " + paymentMethod));
            // A statement waits for its payout's outcome: ask the company while it is open (a failed call leaves the stored one).
            PayoutView now = requests.refresh(new Sent(), p, false).answer();
            try {
                bill = bills.ofPayout(now, create);
            } catch (AlreadyStoredException concurrent) {
                bill = bills.ofPayout(now, create);
            }
        }
        return bill.orElseThrow(() -> new UnknownResourceException("no statement of " + (day != null ? billDate : "payout " + payoutRef)
                + " was asked for; POST it first"));
    }

    /**
     * One attempt of the money requests' janitor at a payout without the company's final word
     * ({@link CompanyRequests#reconcile}).
     */
    public RequestOutcome<PayoutView> reconcile(PayoutView candidate, OffsetDateTime sendingBefore) {
        return requests.reconcile(new Sent(), candidate, sendingBefore);
    }

    private void requireAccount(String merchant, String paymentMethod) {
        PaymentRules.requireMethod("payment_method", paymentMethod);
        if (!accounts.has(merchant, paymentMethod)) {
            throw new InvalidRequestException("payment_method", "merchant " + merchant + " has no account at " + paymentMethod);
        }
    }

    /** {@code offset}: from 0, 0 when left out. */
    public static int offset(String offset) {
        return number("offset", offset, 0, Integer.MAX_VALUE, 0, "offset must be a whole number, 0 or more");
    }

    /** {@code limit}: 1 to {@value #MAX_PAGE}, 20 when left out. */
    public static int limit(String limit) {
        return number("limit", limit, 1, MAX_PAGE, 20, "limit must be a whole number from 1 to " + MAX_PAGE);
    }

    private static int number(String field, String value, int min, int max, int absent, String rule) {
        if (value == null) {
            return absent;
        }
        try {
            int n = Integer.parseInt(value);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException notOne) {
            // refused below
        }
        throw new InvalidRequestException(field, rule);
    }

    private static void requirePayoutRef(String field, String payoutRef) {
        if (payoutRef == null || !payoutRef.matches(PaymentFormats.PAYOUT_REF)) {
            throw new InvalidRequestException(field, field + " " + PaymentFormats.PAYOUT_REF_RULE);
        }
    }

    /** Payouts as {@link CompanyRequests} sends them: the company's payout call and query, and the payout ledger. */
    private final class Sent extends CompanyRequests.Kind<PayoutView, PayoutStatus> {

        Sent() {
            super(FAILURE, QUERYING, "Payout", ledger);
        }
        @Override
        public String what(PayoutView p) {
            return "the payout";
        }

        @Override
        public String describe(PayoutView p) {
            return p.merchant() + " " + p.paymentMethod() + " " + p.payoutRef() + " " + p.amount() + " CNY to " + p.targetCurrency();
        }

        @Override
        public boolean pending(PayoutView p) {
            return p.state() == PayoutState.UNKNOWN;
        }

        @Override
        public boolean refreshable(PayoutView p) {
            return p.state().isOpen();
        }

        @Override
        public RequestOutcome<PayoutView> whileHeld(PayoutView p) {
            return RequestOutcome.failed(p, new InProgressException("payoutRef", "payout " + p.payoutRef() + " is in progress at the"
                    + " company; send the same request again shortly", Payments.RETRY_IN_PROGRESS_AFTER_SECONDS));
        }

        @Override
        public CompanyOutcome<PayoutStatus> send(CompanyPort company, CompanyAccount account, PayoutView p, Exchanges log) {
            return company.payout(account, new PayoutRequest(p.payoutRef(), p.amount(), p.currency(), p.targetCurrency(), p.description()),
                    log);
        }

        @Override
        public CompanyOutcome<Optional<PayoutStatus>> query(CompanyPort company, CompanyAccount account, PayoutView p, Exchanges log) {
            return company.queryPayout(account, p.payoutRef(), log);
        }

        @Override
        public boolean unchanged(PayoutView p, PayoutStatus s) {
            return s.state().name().equals(p.state().name()) && java.util.Objects.equals(s.payoutId(), p.payoutId());
        }

        @Override
        public String afterRefusal() {
            return "; the payout FAILED and its amount is available again";
        }

        @Override
        public String state(PayoutView p) {
            return p.state().name();
        }

    }
}
