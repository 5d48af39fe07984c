import type { Schemas } from '../../rest/client';

export type BankAccountMapper = Schemas['BankAccount'];
export type BankTransferMapper = Schemas['Transfer'];
