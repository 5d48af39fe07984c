/** Money travels as integer fen inside the gateway; the decimal string is made only when a client asks for it. */
export type MoneyMapper = number;
