import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function App(): React.JSX.Element {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 24 }}>
      <h1>Kairos</h1>
      <p>Markets, portfolio and the order ticket arrive with the next releases.</p>
    </main>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode><App /></StrictMode>);
