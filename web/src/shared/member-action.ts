import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginPath } from './redirect';
import { useViewer } from './viewer';

/**
 * What every buyer's action on goods shares (add to cart, favourite): until the shell has said who is browsing a
 * click is ignored rather than sending a signed-in buyer to the login page; a visitor goes to the login page and
 * comes back; one action at a time. A failure has already been told by the error link (dialog, toast or login).
 */
export function useMemberAction() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState(false);

  async function run(action: () => Promise<void>): Promise<void> {
    if (!viewer.known) return;
    if (!viewer.signedIn) {
      void navigate(loginPath(location));
      return;
    }
    if (pending) return;
    setPending(true);
    try {
      await action();
    } catch {
      // Told already by the error link.
    } finally {
      setPending(false);
    }
  }

  return { run, pending };
}
