package org.cbec.payment.control;

import org.cbec.company.CreatedOrder;
import org.cbec.company.Invocation;
import org.cbec.company.OrderStatus;

/**
 * What the company said of a payment's create, as its ledger stores it: its answer to the create
 * ({@code order}, with the parameters signed for the payer when the payment is invoked), its view of
 * the order ({@code status}), or both (an order a query found whose create answer was lost, the
 * create sent again for it: the company's duplicate-order rule answers the same order).
 */
public record CreateReport(CreatedOrder order, Invocation invocation, OrderStatus status) {

    /** The company's answer to the create. */
    public static CreateReport created(CreatedOrder order, Invocation invocation) {
        return new CreateReport(order, invocation, null);
    }

    /** The company's view of the order, found by a query. */
    public static CreateReport found(OrderStatus status) {
        return new CreateReport(null, null, status);
    }
}
