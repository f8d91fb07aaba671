import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { adminPages } from '../admin/routes';
import { createAppRouter } from './app';

/**
 * The panel and account screens (served for /accounts/*, /panel/*, /app/panel/*, /access-denied, 404),
 * with the back-office's screens in the same shell. This entry is the app's composition root: the
 * one file of panel/ allowed to import admin/ (its route table only; .dependency-cruiser.cjs
 * apps-apart), so neither app's screens import the other's.
 */
const router = createAppRouter(undefined, adminPages);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
