import type { Resolvers } from '../../generated/resolvers';
import { toDateTime } from '../../dates';
import { sanitizeRichText } from '../help/sanitize';
import { fetchContract, postSignContract } from './rest';

export const contractResolvers: Resolvers = {
  Query: {
    contract: (_parent, _args, { upstream }) => fetchContract(upstream),
  },
  Mutation: {
    // CONTRACT-03: the checks (version in force, name, agreement) are the upstream's, answered as BAD_USER_INPUT.
    signContract: (_parent, { version, signerName, agree }, { upstream }) =>
      postSignContract(upstream, { version, signer_name: signerName, agree: agree ? 1 : 0 }),
  },
  Contract: {
    id: (contract) => String(contract.version),
    // INFO-02: the stored text is sanitised here, once, for every client, like the help articles.
    html: (contract) => sanitizeRichText(contract.content),
    buyerCompany: (contract) => contract.party_a,
    platform: (contract) => contract.party_b,
    signed: (contract) => contract.signed === 1,
    signedAt: (contract) => (contract.signed_at === null ? null : toDateTime(contract.signed_at)),
    signerName: (contract) => contract.signer_name,
  },
};
