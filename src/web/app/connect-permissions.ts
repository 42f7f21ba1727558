// The permission checks of every page (src/web/lib/use-permission.ts) read the signed-in user's menu through this
// hook; the web library knows no feature module, so the app connects it. Imported by the signed-in app (not by the
// login page, which has no permission to check and must stay small) and by the web tests' setup.
import { connectAccessibleMenu } from '@/web/lib/use-permission.ts';
import { useAccessibleMenu } from './use-accessible-menu.ts';

connectAccessibleMenu(() => {
  const { data, isLoading, user } = useAccessibleMenu();
  return { data, isLoading, hasUser: user !== null };
});
