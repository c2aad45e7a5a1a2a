package org.cbec.payment;

import java.math.BigDecimal;
import java.time.LocalDate;

/** A company account's contracted fee rate (a percentage, two places) and the Beijing day it takes effect. */
public record FeeRateView(LocalDate from, BigDecimal rate) {
}
