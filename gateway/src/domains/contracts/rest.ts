import { errorCodeOf, upstreamStatusOf } from '../../errors';
import type { UpstreamSession } from '../../rest/client';
import type { ContractMapper, SignContractPayloadMapper } from './mappers';

/** The contract in force for the buyer's company; null for a visitor or while none is published. */
export async function fetchContract(upstream: UpstreamSession): Promise<ContractMapper | null> {
  // A visitor gets null without a call the upstream would refuse with 401.
  if (!upstream.presentsCredentials) return null;
  try {
    return (await upstream.get('/api/user/contract')).data;
  } catch (error) {
    // A session the upstream no longer knows is a visitor too; a 404 is a platform that published no contract.
    if (errorCodeOf(error) === 'UNAUTHENTICATED' || upstreamStatusOf(error) === 404) return null;
    throw error;
  }
}

export async function postSignContract(
  upstream: UpstreamSession,
  form: { version: number; signer_name: string; agree: 0 | 1 },
): Promise<SignContractPayloadMapper> {
  const { data, message } = await upstream.post('/api/user/contract/sign', { form });
  return { contract: data, message };
}
