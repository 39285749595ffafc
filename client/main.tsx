import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (!root) {
  console.error('Root element not found');
} else {
  createRoot(root).render(<p>Koinonia</p>);
}
