import { Link, useLocation } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { DoneCard, StepFlowOutlet } from './auth-form';
import { START, STEPS, STORE_STEPS, useRegisterFlow } from './register-flow';
import type { WechatSignup } from './WechatRegisterPage';

// The steps live in their own files; the routes (app/routes/account-routes.tsx) take them from this module.
export { RegisterAccountStep } from './RegisterAccountStep';
export { RegisterCompanyStep } from './RegisterCompanyStep';
export { RegisterStoreStep } from './RegisterStoreStep';

/** The WeChat /register/wechat handed over in the navigation's state, if any (AUTH-12). */
function wechatOf(state: unknown): WechatSignup | null {
  if (typeof state !== 'object' || state === null || !('wechat' in state)) return null;
  const { wechat } = state as { wechat: unknown };
  if (typeof wechat !== 'object' || wechat === null) return null;
  const { ticket, account } = wechat as Record<string, unknown>;
  return typeof ticket === 'string' && typeof account === 'string' ? { ticket, account } : null;
}

/** /register and /register_index: holds the steps' values while the buyer moves between /…/step1..3. */
export default function RegisterFlow() {
  const { state } = useLocation();
  return <StepFlowOutlet start={{ ...START, wechat: wechatOf(state) }} />;
}

/** /register/dd (STORE-03): the same first step, then the chain's invitation instead of a new company. */
export function RegisterStoreFlow() {
  return <StepFlowOutlet start={{ ...START, steps: STORE_STEPS }} />;
}

/** Step 3: registered and signed in. */
export function RegisterDoneStep() {
  const flow = useRegisterFlow();
  if (!flow.registered) return <Navigate to="../step1" relative="route" replace />;
  return (
    <DoneCard
      id="register-done"
      steps={STEPS}
      title="注册成功"
      message={`欢迎加入，${flow.company.company.trim()}的账号已登录。`}
    >
      <Link to="/">去首页</Link>
      <Link to="/user">去会员中心</Link>
    </DoneCard>
  );
}

/** Step 3 of /register/dd: the store joined its chain and is signed in. */
export function RegisterStoreDoneStep() {
  const flow = useRegisterFlow();
  if (!flow.registered) return <Navigate to="../step1" relative="route" replace />;
  return (
    <DoneCard
      id="register-done"
      steps={flow.steps}
      title="注册成功"
      message={`${flow.store.store.trim()}已加入${flow.joined || '连锁企业'}，账号已登录。`}
    >
      <Link to="/">去首页</Link>
      <Link to="/ddgl">查看多门店管理</Link>
    </DoneCard>
  );
}
