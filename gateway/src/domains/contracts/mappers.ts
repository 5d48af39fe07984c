import type { Schemas } from '../../rest/client';

export type ContractMapper = Schemas['Contract'];
export interface SignContractPayloadMapper {
  contract: Schemas['Contract'];
  message: string;
}
