// The catalogue routes whose pages the route table registers (src/web/app/routes.tsx). The sidebar, the user
// menu and the home page offer only these, so a module that is not built yet never shows an empty page.
import { createContext, useContext } from 'react';

export const RegisteredRoutesContext = createContext<ReadonlySet<string>>(new Set());

export function useRegisteredRoutes(): ReadonlySet<string> {
  return useContext(RegisteredRoutesContext);
}
