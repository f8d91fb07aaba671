import { useNavigate } from 'react-router';
import { isAppPath, safeReturn } from '../ret';

/**
 * Goes to the return address after login: inside the app through the router, else a page load.
 * `safeReturn` has already reduced ret to a same-origin path, so the page load stays on this origin.
 */
export function useGoToReturn(): (ret: string | null | undefined) => void {
  const navigate = useNavigate();
  return (ret) => {
    const target = safeReturn(ret, window.location.origin);
    if (isAppPath(target)) navigate(target, { replace: true });
    else window.location.assign(new URL(target, window.location.origin).href);
  };
}
