import type { Schemas } from '../../rest/client';

export type WechatBindingMapper = Schemas['WechatStatus'];
export type WechatAuthorizationMapper = Schemas['WechatAuthorize'];
