import { createRoot } from 'react-dom/client';

function App() {
  return <main>Tabula</main>;
}

createRoot(document.getElementById('root')!).render(<App />);
