// Money formatting is one rule shared with the cart pricing; the gateway's Money scalar and goods fields use it here.
export { formatFen, formatFenShort, toFen } from '@pharma/domain/money';
