import type { AnswerData, Schemas } from '../../rest/client';

export type CreditLineMapper = Schemas['CreditLine'];
export type CreditChargeMapper = Schemas['CreditCharge'];
export type CreditRepaymentMapper = Schemas['CreditRepayment'];
export type CreditAccountMapper = AnswerData<'/api/user/credit', 'get'>;
export type ReportCreditRepaymentPayloadMapper = {
  repayment: CreditRepaymentMapper | null;
  account: CreditAccountMapper | null;
};
