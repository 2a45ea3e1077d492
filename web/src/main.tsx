// Entry point: builds the router's context (query client, API client, session store), mounts the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { api } from './api/index.js';
import { authStore } from './auth/index.js';
import { createQueryClient } from './lib/query-client.js';
import { createAppRouter } from './router.js';
import './styles/index.css';

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient, api, auth: authStore });
api.start(document);

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
