import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'sonner';
import { App } from './App';
import { TOAST_DURATION_MS } from './lib/notify';

import './index.css';

/** On a phone the toasts sit at the bottom: at the top they would cover the page's heading. */
const phone = window.matchMedia('(max-width: 639px)').matches;

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } });

// A transition renders in slices, so the first render does not block a phone's main thread.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App />
        <Toaster
          position={phone ? 'bottom-center' : 'top-center'}
          offset={68}
          mobileOffset={phone ? 16 : 68}
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
