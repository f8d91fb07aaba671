import { useNavigate } from 'react-router';
import { isAppPath, safeReturn } from '../ret';

/** Goes to the return address after login: inside the app through the router, else a page load. */
export function useGoToReturn(): (ret: string | null | undefined) => void {
  const navigate = useNavigate();
  return (ret) => {
    const target = safeReturn(ret);
    if (isAppPath(target)) navigate(target, { replace: true });
    else window.location.assign(target);
  };
}
