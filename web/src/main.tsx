import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/providers';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The app starts after the browser has painted index.html's loading shell once (the frame's paint follows its
// animation-frame callbacks): otherwise, with the scripts already fetched, running them can hold the first paint back
// until the whole first render is done (ADR 0306).
requestAnimationFrame(() => {
  setTimeout(() => {
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  }, 0);
});
