/**
 * The browser router over the route table; registered so code outside React can navigate through it. The first page's
 * code and data are requested as soon as this runs (`preloadFirstPage`).
 */
import { createBrowserRouter } from 'react-router';
import { registerNavigate } from '../lib/navigation';
import { AppShell } from './app-shell';
import { RouteError } from './route-error';
import { preloadFirstPage, routeTable } from './route-table';

export const router = createBrowserRouter([
  { element: <AppShell />, errorElement: <RouteError />, children: routeTable },
]);

registerNavigate((to) => void router.navigate(to));
preloadFirstPage(window.location);
