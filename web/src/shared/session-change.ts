/**
 * AUTH-10: a fresh document after a change of session, so that nothing of the previous buyer's state (Apollo's
 * cache, component state, module singletons) survives. Signing in stores a flag in the tab's session storage; the
 * next route, before it resolves, clears the flag and loads the page anew. Signing out removes the flag and reloads.
 */
export const SESSION_CHANGED_KEY = 'pharma:session-changed';

type FlagStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The tab's session storage, or null where the browser refuses it (storage disabled). */
export function tabStorage(): FlagStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Signing in stored the flag; false when it could not be stored (the caller then resets its state itself). */
export function markSessionChanged(storage: FlagStorage | null = tabStorage()): boolean {
  try {
    storage?.setItem(SESSION_CHANGED_KEY, '1');
    return storage !== null;
  } catch {
    // A full or refused storage: no flag, and the caller resets its state itself.
    return false;
  }
}

/** Signing out: the flag goes, the page reloads (the caller's). */
export function clearSessionChanged(storage: FlagStorage | null = tabStorage()): void {
  storage?.removeItem(SESSION_CHANGED_KEY);
}

/** Whether the flag was set; it is cleared either way, so a reload never loops. */
export function takeSessionChanged(storage: FlagStorage | null = tabStorage()): boolean {
  const set = storage?.getItem(SESSION_CHANGED_KEY) != null;
  if (set) storage?.removeItem(SESSION_CHANGED_KEY);
  return set;
}

/**
 * The root route's loader (it runs before every route resolves): with the flag set, the destination is loaded as
 * a new document instead of being drawn by the old one, and the route never resolves in the old one. The first
 * document of a visit is fresh already, so there the flag is only cleared.
 */
export function createSessionChangeLoader(
  load: (url: string) => void = (url) => window.location.assign(url),
  storage: () => FlagStorage | null = tabStorage,
  /** The document was rendered by the server, so no route loads in it first: the first visit's clearing is done now. */
  hydrated = false,
) {
  let firstDocumentLoad = true;
  if (hydrated) {
    takeSessionChanged(storage());
    firstDocumentLoad = false;
  }
  return ({ request }: { request: Request }): Promise<null> | null => {
    const changed = takeSessionChanged(storage());
    const first = firstDocumentLoad;
    firstDocumentLoad = false;
    if (!changed || first) return null;
    load(request.url);
    return new Promise<null>(() => undefined);
  };
}
