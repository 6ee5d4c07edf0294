/** Entry point: installs Arco's React 19 adapter, then renders the app. */
// First import on purpose: Arco's Message and Modal methods need the adapter before any of them runs.
import '@arco-design/web-react/es/_util/react-19-adapter';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
