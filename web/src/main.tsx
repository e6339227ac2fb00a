import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'sonner';
import { texts } from '../../common/texts';
import { App } from './App';
import { TOAST_DURATION_MS } from './lib/notify';

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
          // filled (the keyboard pushes it up). On a phone it lies over the fixed header, below it on a desktop.
          position="top-center"
          offset={68}
          mobileOffset={8}
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
