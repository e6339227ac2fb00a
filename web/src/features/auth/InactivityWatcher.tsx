import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { texts } from '../../../../common/texts';
import { authApi } from '../../lib/auth-api';
import { notify } from '../../lib/notify';
import { storageKeys } from '../../lib/storage';
import { useAuth } from './AuthProvider';
import { ignoreFailure } from '../../../../common/best-effort';

const activityEvents = ['click', 'keydown', 'mousemove', 'scroll'] as const;

/**
 * Logs the user out after the idle time (spec: 30 min, checked every 60 s). While the user is
 * active it also keeps the server session alive, which expires on the same clock.
 */
export function InactivityWatcher() {
  const { user, clientConfig, logout, signedOut } = useAuth();
  const navigate = useNavigate();
  // The watch runs per signed-in account, not per render or page (a sign-out under way must not
  // start it again and store the activity key after the storage was cleared).
  const userId = signedOut ? undefined : user?.id;
  const latest = useRef({ logout, navigate });
  latest.current = { logout, navigate };
  const idleMs = (clientConfig?.idleMinutes ?? 30) * 60_000;
  const checkMs = (clientConfig?.activityCheckSeconds ?? 60) * 1000;

  useEffect(() => {
    if (!userId) return;
    let lastSeen = Date.now();
    let lastPing = Date.now();
    const record = () => {
      lastSeen = Date.now();
    };
    localStorage.setItem(storageKeys.lastActivity, String(lastSeen));
    for (const e of activityEvents) window.addEventListener(e, record, { passive: true });
    const timer = window.setInterval(() => {
      const stored = Number(localStorage.getItem(storageKeys.lastActivity) ?? 0);
      // Another tab's activity counts too.
      lastSeen = Math.max(lastSeen, stored);
      localStorage.setItem(storageKeys.lastActivity, String(lastSeen));
      if (Date.now() - lastSeen >= idleMs) {
        void latest.current.logout({ silent: true }).then(() => {
          notify.info(texts.auth.sessionExpiredTitle, texts.auth.sessionExpiredText);
          latest.current.navigate('/login', { replace: true });
        });
        return;
      }
      if (lastSeen > lastPing) {
        lastPing = Date.now();
        void authApi.getSession().catch(ignoreFailure('refresh the session', null, { level: 'debug' }));
      }
    }, checkMs);
    return () => {
      window.clearInterval(timer);
      for (const e of activityEvents) window.removeEventListener(e, record);
    };
  }, [userId, idleMs, checkMs]);

  return null;
}
