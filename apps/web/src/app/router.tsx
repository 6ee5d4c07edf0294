/** The browser router over the route table; registered so code outside React can navigate through it. */
import { createBrowserRouter } from 'react-router';
import { registerNavigate } from '../lib/navigation';
import { AppShell } from './app-shell';
import { RouteError } from './route-error';
import { routeTable } from './route-table';

export const router = createBrowserRouter([
  { element: <AppShell />, errorElement: <RouteError />, children: routeTable },
]);

registerNavigate((to) => void router.navigate(to));
