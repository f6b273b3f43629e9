/**
 * Numbers as the abstention sentences print them (fitted, warnings, verdict): a true minus
 * sign (U+2212), as the rest of the reports write negative figures.
 */

/** x with `digits` decimals: fixed(-0.0123, 3) = "−0.012". */
export function fixed(x: number, digits: number): string {
  return x.toFixed(digits).replace('-', '−');
}

/** x to `digits` significant digits, trailing zeros dropped: precise(-2.53812) = "−2.538". */
export function precise(x: number, digits = 4): string {
  return Number(x.toPrecision(digits)).toString().replace('-', '−');
}
