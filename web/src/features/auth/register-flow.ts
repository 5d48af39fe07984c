import { useOutletContext } from 'react-router';
import { graphql } from '../../gql';
import type { AccountForm, CompanyForm, FormErrors, StoreForm } from './registration';
import type { StepFlow } from './auth-form';
import type { WechatSignup } from './WechatRegisterPage';

/** Both ways of registering answer the new buyer, signed in as login signs in: the same fields for both. */
export const RegisterFlowSignedInFragment = graphql(`
  fragment RegisterFlow_signedIn on LoginPayload {
    user {
      id
      username
      company
    }
  }
`);

export const STEPS = ['填写账户信息', '填写企业信息', '注册成功'] as const;
/** STORE-03: the chain-store variant's steps (/register_dd). */
export const STORE_STEPS = ['填写账户信息', '填写门店信息', '注册成功'] as const;
export const ACCOUNT_FIELDS: readonly (keyof AccountForm)[] = ['phone', 'code', 'username', 'password', 'confirm'];

/** 40031 wrong or expired code, 40033 the number registered meanwhile: shown on step 1's fields, not in a dialog. */
export const ACCOUNT_REFUSALS: Readonly<Record<number, keyof AccountForm>> = { 40031: 'code', 40033: 'phone' };

/** What registration's steps share while the buyer moves between /…/step1..3. */
export interface RegisterState {
  /** The variant's step names: a company registers (/register) or a chain's new store joins it (/register_dd). */
  steps: readonly string[];
  account: AccountForm;
  /** Messages a later step sent back to step 1's fields (a code refused, a username taken). */
  accountErrors: FormErrors<keyof AccountForm>;
  company: CompanyForm;
  store: StoreForm;
  /** The company a store joined, as the upstream named it. */
  joined: string;
  /** AUTH-12: the WeChat to bind, when the visitor came from /register/wechat. */
  wechat: WechatSignup | null;
  /** Step 1 was passed (its fields checked): step 2 may show. */
  accountDone: boolean;
  registered: boolean;
}

export const START: RegisterState = {
  steps: STEPS,
  account: { phone: '', code: '', username: '', password: '', confirm: '' },
  accountErrors: {},
  company: { company: '', name: '' },
  store: { invite: '', store: '', name: '' },
  joined: '',
  wechat: null,
  accountDone: false,
  registered: false,
};

export const useRegisterFlow = () => useOutletContext<StepFlow<RegisterState>>();

/** The account fields of a finishing step's input, as the upstream reads them. */
export const accountInput = (account: AccountForm) => ({
  phone: account.phone.trim(),
  code: account.code.trim(),
  username: account.username.trim(),
  password: account.password,
});
