import type { FormOf, UpstreamSession } from '../../rest/client';
import type { CreditAccountMapper, CreditRepaymentMapper } from './mappers';

export type RepaymentForm = FormOf<'/api/user/credit/repayment', 'post'>;

/** CREDIT-02: the signed-in account's company's credit terms. */
export async function fetchCreditAccount(upstream: UpstreamSession): Promise<CreditAccountMapper> {
  return (await upstream.get('/api/user/credit')).data;
}

/** CREDIT-06: reports a repayment sent by bank transfer; 422 names the REST fields. */
export async function postRepayment(upstream: UpstreamSession, form: RepaymentForm): Promise<CreditRepaymentMapper> {
  return (await upstream.post('/api/user/credit/repayment', { form })).data;
}
