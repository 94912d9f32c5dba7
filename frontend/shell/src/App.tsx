import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from './NotFoundPage.js';
import { StartupPage } from './StartupPage.js';

/** Route table of the shell. Router and query client are provided by the caller (main.tsx or a test). */
export function App() {
  return (
    <Routes>
      <Route path="/" element={<StartupPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
