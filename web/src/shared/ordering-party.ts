interface Orderer {
  company?: string | null;
  storeName?: string | null;
  username: string;
}

/**
 * STORE-04: who is ordering, as the top bar and the phone menu greet it: the store's own name for a store account
 * (仁心大药房（滨江店）), so a chain's buyer who switched stores can tell which one orders; the company for an account
 * without a store name; the username when neither is known.
 */
export function orderingParty(who: Orderer): string {
  return who.storeName || who.company || who.username;
}

/** STORE-04: the confirm page's line: the ordering store and, when it has a name of its own, the company it is of. */
export function orderingLine(who: Orderer): string {
  const party = orderingParty(who);
  return who.storeName && who.company && who.company !== party ? `${party}，${who.company}` : party;
}
