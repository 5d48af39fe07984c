/**
 * The error link lives outside React but must navigate inside the single-page app. The router binds its
 * `navigate` here once created; before that, a full page load is the safe fallback.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

let navigate: Navigate = (to) => window.location.assign(to);

export function bindNavigation(next: Navigate): void {
  navigate = next;
}

export function goTo(to: string, replace = false): void {
  void navigate(to, { replace });
}
