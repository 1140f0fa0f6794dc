import { useLocation, useNavigate } from 'react-router';

/** One step back in history, or `fallback` when the page was opened directly (no history to go back to). */
export function useGoBack(fallback: string) {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key === 'default') navigate(fallback);
    else navigate(-1);
  };
}
