// The demo catalogue's size, in a module of its own: the config checks SEED_GOODS against it, and importing it from
// the seed's builder tied the config to the seed, the seed to the user area and that back to the config (ADR 0220).
export const GOODS_COUNT = 2400;
