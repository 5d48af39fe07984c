/** The most activities one activity-centre address may name (the gateway answers at most 50 at once). */
export const MAX_CENTRE_ACTIVITIES = 50;

const ID = /^[1-9]\d{0,9}$/;

/**
 * The activity ids of an activity-centre address (/Hdzx/{ids}): comma-separated, in the order written, each once.
 * Parts that cannot be an id (empty, hand-edited or hostile) are left out, so a bad part never hides the good ones.
 */
export function parseActivityIds(value: string | undefined): string[] {
  const ids: string[] = [];
  for (const part of (value ?? '').split(',')) {
    const id = part.trim();
    if (ID.test(id) && !ids.includes(id)) ids.push(id);
    if (ids.length === MAX_CENTRE_ACTIVITIES) break;
  }
  return ids;
}

/** The tab the centre shows: the address's own choice when it is one of the centre's activities, else the first. */
export function selectedActivityId(available: readonly string[], wanted: string | undefined): string | undefined {
  return wanted !== undefined && available.includes(wanted) ? wanted : available[0];
}

/** The shareable address of one tab of a centre, naming the centre's ids as read. */
export function activityCentrePath(ids: readonly string[], id: string): string {
  return `/Hdzx/${ids.join(',')}/${id}`;
}
