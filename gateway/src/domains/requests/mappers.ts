import type { Schemas } from '../../rest/client';

export type VarietyRequestMapper = Schemas['VarietyRequest'];
export type VarietyRequestGoodsMapper = NonNullable<Schemas['VarietyRequest']['goods']>;
export type VarietyRequestPageMapper = Schemas['VarietyRequestPage'];
export type FeedbackMapper = Schemas['Feedback'];
export type FeedbackImageMapper = Schemas['Feedback']['images'][number];
export type FeedbackPageMapper = Schemas['FeedbackPage'];
