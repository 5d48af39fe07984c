import type { UpstreamSession } from '../../rest/client';
import type { LoginPayloadMapper } from '../user/mappers';

/**
 * Signs in as another store of the company. The upstream sets the new session's cookie only when the switch
 * succeeded; the gateway relays it as it relays login's, so an answer with an error never carries one.
 */
export async function postSwitchStore(upstream: UpstreamSession, id: string): Promise<LoginPayloadMapper> {
  return (await upstream.post('/api/user/stores/{id}/switch', { path: { id } })).data;
}

export async function fetchOwnStore(upstream: UpstreamSession) {
  return (await upstream.get('/api/user/store')).data;
}

export async function fetchStoreInvites(upstream: UpstreamSession) {
  return (await upstream.get('/api/user/store/invites')).data;
}

export async function postStoreInvite(upstream: UpstreamSession) {
  return (await upstream.post('/api/user/store/invite')).data;
}

export async function deleteStoreInvite(upstream: UpstreamSession, id: string): Promise<void> {
  await upstream.delete('/api/user/store/invite/{id}', { path: { id } });
}
