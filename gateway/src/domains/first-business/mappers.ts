import type { Schemas } from '../../rest/client';

export type FirstBusinessTakenMapper = Schemas['FirstBusinessTaken'];
export type FirstBusinessTakenPageMapper = Schemas['FirstBusinessTakenPage'];
