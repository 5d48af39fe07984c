import type { AnswerData, Schemas } from '../../rest/client';

export type WechatBindingMapper = Schemas['WechatStatus'];
export type WechatAuthorizationMapper = Schemas['WechatAuthorize'];
export type WechatRegistrationTicketMapper = AnswerData<'/api/user/wechat/signup/identify', 'post'>;
