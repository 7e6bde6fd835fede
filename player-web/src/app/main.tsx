import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './provider';
import { AppRouter } from './router';
import '../styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
