import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'sonner';
import { texts } from '../../common/texts';
import { App } from './App';
import { closeToastOnEscape, TOAST_DURATION_MS } from './lib/notify';

import './index.css';

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } });

// A transition renders in slices, so the first render does not block a phone's main thread.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App />
        <Toaster
          // At the top on every screen: at the bottom of a phone a notice covered the field being
          // filled (the keyboard pushes it up). Below the sticky header where there is one (Header.tsx
          // publishes its height): an error stays until closed and must not cover 'Abmelden'.
          position="top-center"
          offset={{ top: 'calc(var(--header-height, 0px) + 12px)' }}
          mobileOffset={{ top: 'calc(var(--header-height, 0px) + 8px)', left: 8, right: 8 }}
          containerAriaLabel={texts.common.notifications}
          toastOptions={{ closeButtonAriaLabel: texts.common.close }}
          visibleToasts={1}
          duration={TOAST_DURATION_MS}
          hotkey={['F8']}
          richColors
          closeButton
        />
      </QueryClientProvider>
    </StrictMode>,
  ),
);

document.addEventListener('keydown', closeToastOnEscape);

// The app shell offline (web/public/sw.js): registered once the page has loaded, so it never
// competes with the first paint; it then keeps the build files this page loaded before it ran.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const keep = performance.getEntriesByType('resource').map((entry) => entry.name);
        registration.active?.postMessage({ keep });
      })
      .catch((error: unknown) => console.warn('offline shell: the service worker did not start', error));
  });
}
